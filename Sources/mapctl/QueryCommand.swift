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
        discussion: discussion
    )

    @OptionGroup var asked: QueryQuestionOptions

    @OptionGroup var filterOptions: FilterOptions

    @OptionGroup var area: WithinOptions

    @Flag(help: "Near me: add the search circle itself as the last feature (query = circle).")
    var circle = false

    @OptionGroup var reading: ReadingOptions

    @OptionGroup var outputOptions: OutputOptions

    @Argument(help: "GeoJSON file, or - for standard input.")
    var input: String

    func validate() throws {
        guard circle else { return }
        guard case let .near(_, radius) = try asked.question() else { throw ValidationError("--circle goes with --near") }
        guard radius > 0 && radius <= GeodesicCircle.maximumRadius else {
            throw ValidationError("--circle needs 0 < --radius <= \(Int(GeodesicCircle.maximumRadius))")
        }
    }

    func run() throws {
        let question = try asked.question()
        let filter = FilterOptions.all(try filterOptions.filters() + (try area.filter().map { [$0] } ?? []))
        let document = try CommandInput.read(input, reading: reading)
        if let (position, option) = question.position {
            MapArgument.warnIfSwapped(position, option: option, data: DataExtent(document.features.compactMap(\.geometry)).bounds)
        }
        let index = FeatureIndex(document.features, searchKeys: asked.searchKeys.isEmpty ? ["name"] : asked.searchKeys)
        let sourceMembers = document.featureCollection.foreignMembers
        let answer: FeatureCollection
        do {
            switch question {
            case let .near(position, radius):
                answer = try index.nearAnswer(position, radius: radius, limit: asked.limit, filter: filter, circle: circle, inheriting: sourceMembers)
            case let .nearest(k, position):
                answer = try index.nearestAnswer(k, to: position, filter: filter, inheriting: sourceMembers)
            case let .search(text, position):
                let result = try index.searchAnswer(text, near: position, page: asked.page, pageSize: asked.pageSize, filter: filter, inheriting: sourceMembers)
                answer = result.collection
                CommandOutput.say("\(result.page.total) matches, page \(asked.page) of \(result.page.pages)")
            }
        } catch {
            throw CommandFailure(error)
        }
        try outputOptions.write(answer)
    }
}
