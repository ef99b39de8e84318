import MapGeometry
import MapGeoJSON
import MapPostgres

/// A dataset answered by its PostGIS table, for a table too large to hold in memory (see
/// ``TableServing``): the service keeps only what the table's cell counts say of it; every
/// answer is a query (`TableCells`).
struct DatabaseDataset: Sendable {
    let cells: TableCells
    /// Objects with a geometry.
    let count: Int
    let bounds: BoundingBox?
    let types: [String]
    /// The collection's foreign members (its attribution), which answers inherit.
    let foreignMembers: [ForeignMember]
}
