import MapGeoJSON

extension TravelMatrices {
    /// Reads a matrix file: strict JSON `{"distances": [[…]], "durations": [[…]]}`, `places`
    /// rows of `places` numbers each (metres and seconds); `null` marks an unreachable pair.
    /// Without `durations`, durations are the distances driven at `metresPerSecond`.
    /// - Throws: `GeoJSONError` (MapGeometry) with the file, line:column and JSON path of the wrong value.
    public init(file: JSONFile, places: Int, metresPerSecond: Double, placesMeaning: String = "start, stops in input order, end")
        throws(GeoJSONError) {
        guard let root = file.root.objectValue, root["distances"] != nil else {
            throw file.problem(at: [], "must be an object with a \"distances\" array of rows",
                               hint: "{\"distances\": [[…], …], \"durations\": [[…], …]}")
        }
        for key in root.keys where key != "distances" && key != "durations" {
            throw file.problem(at: [.member(key)], "is not a matrix member", hint: "known: distances, durations")
        }
        let distances = try Self.matrix(file, "distances", places: places, meaning: placesMeaning)
        let durations: CostMatrix
        if let value = root["durations"], !value.isNull {
            durations = try Self.matrix(file, "durations", places: places, meaning: placesMeaning)
        } else {
            do { durations = try CostMatrix(count: places, values: distances.values.map { $0 / metresPerSecond }) } catch {
                throw file.problem(at: [.member("distances")], "\(error)")
            }
        }
        do { try self.init(distances: distances, durations: durations) } catch {
            throw file.problem(at: [], "\(error)")
        }
    }

    private static func matrix(_ file: JSONFile, _ name: String, places: Int, meaning: String) throws(GeoJSONError) -> CostMatrix {
        let path: [JSONPathComponent] = [.member(name)]
        let rows = try file.array(at: path, "\(places) rows (\(meaning))", count: places)
        var values: [Double] = []
        values.reserveCapacity(places * places)
        for row in rows.indices {
            let cells = try file.array(at: path + [.index(row)], "\(places) numbers", count: places)
            for column in cells.indices {
                switch cells[column] {
                case .null: values.append(.infinity)
                case let .number(cost) where cost.isFinite && cost >= 0: values.append(cost)
                case let value:
                    throw file.problem(at: path + [.index(row), .index(column)],
                                       "must be a cost ≥ 0, or null for an unreachable pair, found \(value.summary)")
                }
            }
        }
        do { return try CostMatrix(count: places, values: values) } catch {
            throw file.problem(at: path, "\(error)")
        }
    }
}

extension TravelMatrices {
    /// `{"distances": [[…]], "durations": [[…]]}` in metres and seconds, row by row, `null` for
    /// an unreachable pair: what the map service's `POST /matrix` answers, and what
    /// `mapctl route --matrix FILE` reads back.
    public var json: JSONValue {
        func rows(_ matrix: CostMatrix) -> JSONValue {
            .array((0..<matrix.count).map { from in
                .array((0..<matrix.count).map { to in matrix[from, to].isFinite ? .number(matrix[from, to]) : .null })
            })
        }
        return ["distances": rows(distances), "durations": rows(durations)]
    }
}
