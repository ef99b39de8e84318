import ArgumentParser
import Foundation
import MapGeometry
import MapGeoJSON
import MapQuery

/// `mapctl query`: near me, nearest k or text search over a feature collection, with layers,
/// property filters and an area, printing the hits as a FeatureCollection.
struct QueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Find features near a position, the nearest ones, or by name.",
        discussion: """
            One question per call:
              --near LON,LAT --radius M    features within M metres, nearest first
              --nearest K --at LON,LAT     the K nearest features
              --search TEXT [--at LON,LAT] names containing TEXT (case and accents
                                           ignored), exact matches first, then
                                           prefix, word start, substring; paged
            Distances are WGS84 geodesic metres to a feature's nearest point \
            (0 inside a polygon). Filters apply before the question:
              --layers a,b      only these values of the layer property (--layer-key);
                                features without that property are hidden too,
                                unless --keep-unlayered
              --where KEY=VALUE only features with this property value (repeatable)
              --within FILE     only features inside the polygons of FILE
            Output: a FeatureCollection of the hits as read, plus distance_m when a \
            position is given and match (exact, prefix, word start, substring) \
            for a search.

            Examples:
              mapctl query --near 24.9414,60.1713 --radius 300 \\
                  --layers restaurant,shop Data/objects.geojson
              mapctl query --nearest 5 --at 24.9414,60.1713 \\
                  --where type=tram_stop Data/objects.geojson
              mapctl query --search rautatie --at 24.9414,60.1713 Data/objects.geojson
            """
    )

    @Option(help: ArgumentHelp("Near me: the centre, as longitude,latitude.", valueName: "lon,lat"))
    var near: String?

    @Option(help: "Near me: the radius in metres.")
    var radius: Double?

    @Option(help: "Near me: at most this many features, nearest first.")
    var limit: Int?

    @Option(help: "Nearest: how many features.")
    var nearest: Int?

    @Option(help: ArgumentHelp("The user's position for --nearest and --search, as longitude,latitude.", valueName: "lon,lat"))
    var at: String?

    @Option(help: "Search: the text to find in names.")
    var search: String?

    @Option(name: .customLong("search-key"), help: "Search: a property to search (repeatable; default name).")
    var searchKeys: [String] = []

    @Option(help: "Search: page number, from 1.")
    var page = 1

    @Option(name: .customLong("page-size"), help: "Search: hits per page.")
    var pageSize = 20

    @OptionGroup var filterOptions: FilterOptions

    @OptionGroup var area: WithinOptions

    @Flag(help: "Near me: add the search circle itself as the last feature (query = circle).")
    var circle = false

    @OptionGroup var reading: ReadingOptions

    @OptionGroup var outputOptions: OutputOptions

    @Argument(help: "GeoJSON file, or - for standard input.")
    var input: String

    /// The question asked, checked before any work starts.
    enum Question {
        case near(Position, radius: Double)
        case nearest(Int, Position)
        case search(String, Position?)
    }

    func validate() throws { _ = try question() }

    func question() throws -> Question {
        let asked = [near != nil, nearest != nil, search != nil].filter { $0 }.count
        guard asked == 1 else { throw ValidationError("give exactly one of --near, --nearest or --search") }
        if let near {
            guard let radius else { throw ValidationError("--near needs --radius (metres)") }
            guard radius.isFinite, radius >= 0 else { throw ValidationError("--radius must be 0 or more metres, got \(radius)") }
            if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more, got \(limit)") }
            if circle && !(radius > 0 && radius <= GeodesicCircle.maximumRadius) {
                throw ValidationError("--circle needs 0 < --radius <= \(Int(GeodesicCircle.maximumRadius))")
            }
            return .near(try MapArgument.position(near, option: "--near"), radius: radius)
        }
        if radius != nil { throw ValidationError("--radius goes with --near") }
        if limit != nil { throw ValidationError("--limit goes with --near (--nearest takes its count, --search --page-size)") }
        if circle { throw ValidationError("--circle goes with --near") }
        if let nearest {
            guard nearest > 0 else { throw ValidationError("--nearest must be 1 or more, got \(nearest)") }
            guard let at else { throw ValidationError("--nearest needs --at lon,lat") }
            return .nearest(nearest, try MapArgument.position(at, option: "--at"))
        }
        let text = search ?? ""
        guard !TextFolding.fold(text).isEmpty else { throw ValidationError("--search needs a non-empty text") }
        guard page >= 1, pageSize > 0 else { throw ValidationError("--page counts from 1 and --page-size must be 1 or more") }
        return .search(text, try at.map { try MapArgument.position($0, option: "--at") })
    }

    func run() throws {
        let question = try question()
        let filter = FilterOptions.all(try filterOptions.filters() + (try area.filter().map { [$0] } ?? []))
        let document = try CommandInput.read(input, reading: reading)
        let bounds = DataExtent(document.features.compactMap(\.geometry)).bounds
        switch question {
        case let .near(position, _): MapArgument.warnIfSwapped(position, option: "--near", data: bounds)
        case let .nearest(_, position): MapArgument.warnIfSwapped(position, option: "--at", data: bounds)
        case let .search(_, position?): MapArgument.warnIfSwapped(position, option: "--at", data: bounds)
        case .search: break
        }
        let index = FeatureIndex(document.features, searchKeys: searchKeys.isEmpty ? ["name"] : searchKeys)
        let sourceMembers = document.featureCollection.foreignMembers
        let answer: FeatureCollection
        do {
            switch question {
            case let .near(position, radius):
                answer = try index.nearAnswer(position, radius: radius, limit: limit, filter: filter, circle: circle, inheriting: sourceMembers)
            case let .nearest(k, position):
                answer = try index.nearestAnswer(k, to: position, filter: filter, inheriting: sourceMembers)
            case let .search(text, position):
                let result = try index.searchAnswer(text, near: position, page: page, pageSize: pageSize, filter: filter, inheriting: sourceMembers)
                answer = result.collection
                CommandOutput.say("\(result.page.total) matches, page \(page) of \(result.page.pages)")
            }
        } catch {
            throw CommandFailure(error)
        }
        try outputOptions.write(answer)
    }
}
