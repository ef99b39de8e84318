import ArgumentParser
import MapGeometry
import MapQuery

/// The one question `mapctl query` asks: near a position (`--near`, `--radius`, `--limit`), the
/// nearest k (`--nearest`, `--at`), or a text search (`--search`, its keys and paging).
struct QueryQuestionOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Near me: the centre, as longitude,latitude.", valueName: "lon,lat"))
    var near: String?

    @Option(help: ArgumentHelp("Near me: the radius, in metres or with a unit (300, 2km, 1.5mi, 500ft).", valueName: "distance"))
    var radius: DistanceArgument?

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

    /// The question asked, checked before any work starts.
    enum Question {
        case near(Position, radius: Double)
        case nearest(Int, Position)
        case search(String, Position?)

        /// The position asked about and the option that gave it, if any.
        var position: (Position, option: String)? {
            switch self {
            case let .near(position, _): (position, "--near")
            case let .nearest(_, position): (position, "--at")
            case let .search(_, position): position.map { ($0, "--at") }
            }
        }
    }

    func validate() throws { _ = try question() }

    func question() throws -> Question {
        let asked = [near != nil, nearest != nil, search != nil].filter { $0 }.count
        guard asked == 1 else { throw ValidationError("give exactly one of --near, --nearest or --search") }
        if let near {
            guard let radius else { throw ValidationError("--near needs --radius (300, 2km, 1.5mi)") }
            guard radius.metres.isFinite, radius.metres >= 0 else { throw ValidationError("--radius must be 0 or more metres, got \(radius)") }
            if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more, got \(limit)") }
            return .near(try MapArgument.position(near, option: "--near"), radius: radius.metres)
        }
        if radius != nil { throw ValidationError("--radius goes with --near") }
        if limit != nil { throw ValidationError("--limit goes with --near (--nearest takes its count, --search --page-size)") }
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
}
