import Foundation
import Hummingbird
import MapGeometry
import MapGeoJSON
import MapRouting

/// Routes and directions: the order of stops, several routes for a fleet, and directions
/// along a road network the service was started with (`--roads NAME=FILE`).
struct RoutingRoutes: Sendable {
    typealias Context = BasicRequestContext
    let state: ServiceState

    /// `POST /route`: the best order of the body's Point stops, `mapctl route -` with the
    /// same options as query parameters (`start`, `end`, `roundTrip`, `iterations`, `seed`,
    /// `timeLimit` in ms, capped by the service, `objective`, `snap`, `units`).
    func route(_ request: Request, _ context: Context) async throws -> Response {
        let received = ContinuousClock.now
        let query = QueryValues(request)
        let start = try query.lonLat("start")
        let end = try query.lonLat("end")
        let roundTrip = try query.flag("roundTrip")
        if end != nil && roundTrip { throw Problem.badRequest("end and roundTrip=true exclude each other") }
        let iterations = try searchIterations(query)
        let seed = try query.integer("seed", in: 0...Int.max, "seed is a whole number of 0 or more") ?? 1
        let objective = try Self.objective(query)
        let snap = try query.number("snap", in: 0...100_000, "snap is 0 to 100000 metres") ?? 0
        let limit = try timeLimit(query)
        let units = try query.unitSystem() ?? .metric

        let document = try await RequestBody.geoJSON(request, state: state)
        let collection = try await answering {
            do throws(RoutePlanningError) {
                return try await RoutePlanning.plan(
                    document.features, start: start, end: end.map { .at($0) } ?? (roundTrip ? .returnToStart : .anywhere), snap: snap,
                    objective: objective, costs: .geodesic(GeodesicMatrixProvider()), search: TourSearchOptions(seed: UInt64(seed), iterations: iterations, timeLimit: limit),
                    deadline: received + limit - max(limit / 50, .milliseconds(5)), units: units,
                    inheriting: document.featureCollection.foreignMembers
                ).collection
            } catch {
                switch error {
                case .stops, .unknownObject: throw Problem.unprocessable("\(RequestBody.name): \(error)")
                case .noStops: throw Problem.unprocessable("\(RequestBody.name): no stops: send Point features")
                case .planning(let error): throw error
                case .cancelled: throw CancellationError()
                }
            }
        }
        return Answer.geoJSON(collection, for: request)
    }

    /// `POST /fleet?iterations=&seed=&timeLimit=&objective=&roads=&units=`: the stops of the body (a
    /// FeatureCollection of Points) shared among the vehicles of its `vehicles` member, as
    /// `mapctl route --vehicles FILE` writes them (with `roads`, road costs and lines along the roads).
    func fleet(_ request: Request, _ context: Context) async throws -> Response {
        let received = ContinuousClock.now
        let query = QueryValues(request)
        let iterations = try searchIterations(query)
        let seed = try query.integer("seed", in: 0...Int.max, "seed is a whole number of 0 or more") ?? 1
        let objective = try Self.objective(query)
        let limit = try timeLimit(query)
        var network = try query.string("roads").map { name throws(Problem) in try state.store.roads(name) }
        let units = try query.unitSystem() ?? .metric

        let document = try await RequestBody.geoJSON(request, state: state)
        if let member = document.featureCollection.foreignMembers.first(where: { $0.name == "restrictions" }) {
            guard let roads = network else { throw Problem.badRequest("\(RequestBody.name): restrictions go with roads=NAME (turns are made on roads)") }
            do { network?.turnRules = try Self.turnRules(geoJSON: Array(member.value.bytes), name: "\(RequestBody.name), member restrictions", on: roads) } catch {
                throw Problem.badRequest("\(error)")
            }
        }
        guard let member = document.featureCollection.foreignMembers.first(where: { $0.name == "vehicles" }) else {
            throw Problem.badRequest("\(RequestBody.name): give the vehicles as the collection's member \"vehicles\": [{\"id\": \"van-1\", \"start\": [lon, lat], \"capacity\": 20}]")
        }
        let definitions: [VehicleDefinition]
        do {
            let file = try JSONFile(parsing: Array(member.value.bytes), name: "\(RequestBody.name), member vehicles")
            definitions = try VehicleDefinition.vehicles(in: file)
        } catch {
            throw Problem.badRequest(error.description)
        }
        let collection = try await answering {
            do throws(FleetPlanningError) {
                return try await FleetPlanning.plan(
                    document.features, vehicles: definitions, roads: { network }, geodesic: GeodesicMatrixProvider(),
                    objective: objective, seed: UInt64(seed), iterations: iterations,
                    deadline: received + limit - max(limit / 50, .milliseconds(5)), units: units,
                    inheriting: document.featureCollection.foreignMembers.filter { !["vehicles", "restrictions"].contains($0.name) }
                ).collection
            } catch .noStops {
                throw Problem.unprocessable("\(RequestBody.name): no stops: send Point features")
            } catch .stops(let error), .costs(let error), .roadLines(let error) {
                throw error
            } catch .cancelled {
                throw CancellationError()
            }
        }
        return Answer.geoJSON(collection, for: request)
    }

    /// `POST /directions`: `{"roads": NAME, "from": [lon, lat], "to": [lon, lat], "by": "time"}`,
    /// the path along the roads as `mapctl directions` writes it; `"steps": true` gives the
    /// manoeuvre Points (`--steps`), `"format": "text"` the numbered instructions with
    /// `"units": "metric"` or `"imperial"` (`--format text --units`).
    func directions(_ request: Request, _ context: Context) async throws -> Response {
        let body = try await RequestBody.json(request, state: state)
        func fail(_ path: [JSONPathComponent], _ message: String) -> Problem { .badRequest(body.problem(at: path, message).description) }
        guard case let .object(object) = body.root else {
            throw fail([], "must be a JSON object such as {\"roads\": \"andorra\", \"from\": [1.52, 42.51], \"to\": [1.60, 42.55]}")
        }
        let allowed: Set<String> = ["roads", "from", "to", "by", "maxSnapDistance", "snapToAnyRoad", "steps", "format", "units", "restrictions"]
        for key in object.keys where !allowed.contains(key) {
            throw fail([.member(key)], "is not a directions option; use \(allowed.sorted().joined(separator: ", "))")
        }
        guard let name = object["roads"]?.stringValue else { throw fail([.member("roads")], "name the road network, e.g. \"roads\": \"andorra\"") }
        func position(_ key: String) throws -> Position {
            guard let position = RequestValues.position(object[key]) else {
                throw fail([.member(key)], "must be [longitude, latitude] in degrees, found \(object[key]?.summary ?? "nothing")")
            }
            return position
        }
        let from = try position("from"), to = try position("to")
        let metric = try RequestValues.roadMetric(object["by"], in: body)
        var network = try state.store.roads(name)
        if let snap = object["maxSnapDistance"] {
            guard let metres = snap.numberValue, metres > 0, metres.isFinite else { throw fail([.member("maxSnapDistance")], "must be a positive number of metres") }
            network.options.maximumSnapDistance = metres
        }
        if let any = object["snapToAnyRoad"] {
            guard let flag = any.boolValue else { throw fail([.member("snapToAnyRoad")], "must be true or false") }
            network.options.snapToMainNetwork = !flag
        }
        let format = try directionsFormat(object, fail: fail)
        network.turnRules = try Self.turnRules(object["restrictions"], on: network, fail: fail)
        let path: RoadPath
        do {
            path = try RoadQuerySession(network).directions(from: from, to: to, by: metric, startName: "from", endName: "to")
        } catch {
            throw Problem.unprocessable("\(error)")
        }
        let type = if case .text = format { "text/plain; charset=utf-8" } else { Answer.geoJSON }
        return Answer.bytes(path.answer(format, members: network.sourceMembers), type: type, for: request)
    }

    /// The answer's form a directions request asks for, checked as `mapctl directions` checks
    /// `--steps`, `--format` and `--units`.
    private func directionsFormat(
        _ object: JSONObject, fail: ([JSONPathComponent], String) -> Problem
    ) throws -> DirectionsFormat {
        var steps = false
        if let value = object["steps"] {
            guard let flag = value.boolValue else { throw fail([.member("steps")], "must be true or false") }
            steps = flag
        }
        let format = object["format"]?.stringValue ?? "geojson"
        guard object["format"] == nil || ["geojson", "text"].contains(object["format"]?.stringValue ?? "") else {
            throw fail([.member("format")], "must be \"geojson\" or \"text\"")
        }
        if steps && format == "text" {
            throw fail([.member("steps")], "gives GeoJSON points; \"format\": \"text\" already lists the steps: give one of them")
        }
        guard let unitsValue = object["units"] else { return format == "text" ? .text(.metric) : steps ? .stepPoints : .line }
        guard let units = unitsValue.stringValue.flatMap(UnitSystem.init(rawValue:)) else {
            throw fail([.member("units")], "must be \"metric\" or \"imperial\"")
        }
        guard format == "text" else {
            throw fail([.member("units")], "sets the distances of \"format\": \"text\"; GeoJSON distances are always metres (distance_m)")
        }
        return .text(units)
    }

    /// `POST /matrix`: `{"positions": [[lon, lat], …], "roads": NAME, "detourFactor": 1.3,
    /// "speed": 30}` → `{"distances": [[…]], "durations": [[…]]}` in metres and seconds, the
    /// file `mapctl route --matrix` reads: along a road network of the service when `roads`
    /// names one, else geodesic estimates (distance × detour factor, at `speed` km/h).
    /// With Point features instead of positions, `mapctl matrix`'s answer (``roadTable(_:body:request:)``).
    func matrix(_ request: Request, _ context: Context) async throws -> Response {
        let body = try await RequestBody.json(request, state: state)
        func fail(_ path: [JSONPathComponent], _ message: String) -> Problem { .badRequest(body.problem(at: path, message).description) }
        guard case let .object(object) = body.root else { throw fail([], "must be a JSON object such as {\"positions\": [[24.94, 60.17], [24.95, 60.16]]}") }
        if ["places", "sources", "targets"].contains(where: { object[$0] != nil }) {
            return try roadTable(object, body: body, request: request)
        }
        let allowed: Set<String> = ["positions", "roads", "by", "detourFactor", "speed"]
        for key in object.keys where !allowed.contains(key) {
            throw fail([.member(key)], "is not a matrix option; use \(allowed.sorted().joined(separator: ", "))")
        }
        guard case let .array(values)? = object["positions"], (1...Self.maximumMatrixPlaces).contains(values.count) else {
            throw fail([.member("positions")], "give 1 to \(Self.maximumMatrixPlaces) positions as [[longitude, latitude], …]")
        }
        let positions = try values.enumerated().map { at, value in
            guard let position = RequestValues.position(value) else {
                throw fail([.member("positions"), .index(at)], "must be [longitude, latitude] in degrees, found \(value.summary)")
            }
            return position
        }
        func number(_ key: String, _ range: ClosedRange<Double>, _ fallback: Double) throws -> Double {
            guard let value = object[key] else { return fallback }
            guard let number = value.numberValue, range.contains(number) else { throw fail([.member(key)], "must be a number from \(range.lowerBound) to \(range.upperBound)") }
            return number
        }
        let detourFactor = try number("detourFactor", 1...10, 1.3), speed = try number("speed", 1...300, 30)
        let metric = try RequestValues.roadMetric(object["by"], in: body)
        let matrices = try answering {
            if let name = object["roads"] {
                guard let name = name.stringValue else { throw fail([.member("roads")], "must name a road network of the service") }
                return try RoadMatrixProvider(network: try state.store.roads(name), metric: metric).matrices(for: positions)
            }
            return try GeodesicMatrixProvider(detourFactor: detourFactor, metresPerSecond: speed / 3.6).matrices(for: positions)
        }
        return Answer.json(matrices.json, for: request)
    }

    /// The turn rules of a request's restrictions (a FeatureCollection of turn restrictions),
    /// read by the GeoJSON reader as `mapctl … --restrictions FILE` reads its file.
    static func turnRules(geoJSON bytes: [UInt8], name: String, on network: RoadNetwork) throws -> TurnRules {
        let document = try GeoJSONReader().read(bytes: bytes, fileName: name)
        return try TurnRules(try TurnRestriction.restrictions(from: document.features), in: network)
    }

    /// ``turnRules(geoJSON:name:on:)`` of a JSON body's member `restrictions`, nil without;
    /// a bad one is a 400 naming the member.
    static func turnRules(
        _ value: JSONValue?, on network: RoadNetwork, fail: ([JSONPathComponent], String) -> Problem
    ) throws(Problem) -> TurnRules? {
        guard let value else { return nil }
        do { return try turnRules(geoJSON: GeoJSONWriter().encode(value), name: "restrictions", on: network) } catch {
            throw fail([.member("restrictions")], "\(error)")
        }
    }

    /// Most places in one matrix (2,000: 4 million cells, about 100 MB of JSON).
    static let maximumMatrixPlaces = 2_000

    private static func objective(_ query: QueryValues) throws(Problem) -> RouteObjective {
        switch query.string("objective") ?? "distance" {
        case "distance": return .distance
        case "duration": return .duration
        case let other: throw .badRequest("objective=\(other): give distance or duration")
        }
    }

    /// `iterations`, else until `timeLimit` when it is given, else a number from the size
    /// (``TourSearchOptions/iterations(_:timeLimitGiven:)``, as `mapctl route` has it).
    private func searchIterations(_ query: QueryValues) throws(Problem) -> Int? {
        let given = try query.integer("iterations", in: 0...1_000_000, "iterations is 0 to 1000000")
        return TourSearchOptions.iterations(given, timeLimitGiven: query.string("timeLimit") != nil)
    }

    /// `timeLimit` in ms (default ``TourSearchOptions/defaultTimeLimit``, as the command's),
    /// capped by the service and kept inside the request's own time limit, so that a route
    /// answers its best plan in time instead of a 503.
    private func timeLimit(_ query: QueryValues) throws(Problem) -> Duration {
        let asked = try query.integer("timeLimit", in: 1...Int.max, "timeLimit is milliseconds, 1 or more").map { Duration.milliseconds($0) }
        return min(asked ?? TourSearchOptions.defaultTimeLimit, state.configuration.maxRouteTime, state.configuration.requestTimeout * 0.8)
    }
}
