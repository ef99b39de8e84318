/// A square matrix of travel costs between places, row = from, column = to.
///
/// Costs may be asymmetric (one-way streets) and `Double.infinity` marks a pair
/// that cannot be travelled. Negative or NaN costs cannot be constructed.
/// Integer costs (TSPLIB) are stored exactly: every integer below 2⁵³ is a `Double`.
public struct CostMatrix: Hashable, Sendable {
    /// The number of places (rows and columns).
    public let count: Int
    @usableFromInline let storage: Storage

    /// Stored values, or geodesic estimates measured pair by pair (see
    /// ``GeodesicMatrixProvider/measuredMatrices(for:)``): the same numbers in memory that grows
    /// with the places, not their square.
    @usableFromInline enum Storage: Hashable, Sendable {
        case values([Double])
        case measured(GeodesicCosts, RouteObjective)
        /// Another matrix's values each divided by the same number (durations at a constant
        /// speed from distances): the numbers a stored division gives, with no memory of their own.
        case divided([Double], by: Double)
    }

    /// Row-major values: `values[from * count + to]`. A measured or divided matrix computes all
    /// of them here (`count²` numbers); read it by ``subscript(_:_:)`` instead.
    public var values: [Double] {
        switch storage {
        case .values(let values): values
        case .divided(let values, let divisor): values.map { $0 / divisor }
        case .measured: (0..<count * count).map { self[$0 / count, $0 % count] }
        }
    }

    /// The values a divided matrix divides, and by what; nil for any other matrix.
    var dividedValues: (values: [Double], divisor: Double)? {
        if case .divided(let values, let divisor) = storage { (values, divisor) } else { nil }
    }

    /// The geodesic estimates a measured matrix is made of, nil for stored values.
    var measuredCosts: GeodesicCosts? {
        if case .measured(let costs, _) = storage { costs } else { nil }
    }

    /// Creates a matrix from row-major values.
    /// - Throws: ``CostMatrixError`` when the value count is not `count * count`, or a
    ///   value is NaN or negative.
    public init(count: Int, values: [Double]) throws(CostMatrixError) {
        guard count >= 0, values.count == count * count else {
            throw .wrongShape(expected: "\(count) × \(count) = \(count * count) values", found: "\(values.count) values")
        }
        for (index, value) in values.enumerated() where value.isNaN || value < 0 {
            throw .invalidValue(row: index / count, column: index % count, value: value)
        }
        self.count = count
        storage = .values(values)
    }

    /// Creates a matrix from rows of equal length.
    public init(rows: [[Double]]) throws(CostMatrixError) {
        for (index, row) in rows.enumerated() where row.count != rows.count {
            throw .wrongShape(expected: "\(rows.count) columns in every row", found: "\(row.count) in row \(index)")
        }
        try self.init(count: rows.count, values: rows.flatMap { $0 })
    }

    /// Creates a matrix from integer rows (for example TSPLIB's rounded distances).
    public init(integerRows rows: [[Int]]) throws(CostMatrixError) {
        try self.init(rows: rows.map { $0.map(Double.init) })
    }

    /// Builds a matrix by calling `cost(from, to)` for every ordered pair; the diagonal is 0.
    public init(count: Int, cost: (Int, Int) throws -> Double) throws {
        var values = [Double](repeating: 0, count: count * count)
        for from in 0..<count {
            for to in 0..<count where to != from {
                values[from * count + to] = try cost(from, to)
            }
        }
        try self.init(count: count, values: values)
    }

    /// The cost of travelling from `from` to `to`.
    @inlinable
    public subscript(from: Int, to: Int) -> Double {
        switch storage {
        case .values(let values): values[from * count + to]
        case .divided(let values, let divisor): values[from * count + to] / divisor
        case .measured(let costs, let objective): costs.cost(from, to, objective: objective)
        }
    }

    /// True when every pair costs the same in both directions.
    public var isSymmetric: Bool {
        if case .measured = storage { return true }
        for from in 0..<count {
            for to in (from + 1)..<count where self[from, to] != self[to, from] {
                return false
            }
        }
        return true
    }

    /// The matrix restricted to `indices`, in that order.
    public func submatrix(_ indices: [Int]) -> CostMatrix {
        var values = [Double]()
        values.reserveCapacity(indices.count * indices.count)
        for from in indices {
            for to in indices { values.append(self[from, to]) }
        }
        return CostMatrix(unchecked: indices.count, values: values)
    }

    /// For values already known to be valid.
    init(unchecked count: Int, values: [Double]) {
        self.count = count
        storage = .values(values)
    }

    /// `matrix`'s values each divided by `divisor` (> 0), sharing its memory.
    init(dividing matrix: CostMatrix, by divisor: Double) {
        count = matrix.count
        switch matrix.storage {
        case .values(let values): storage = .divided(values, by: divisor)
        default: storage = .values(matrix.values.map { $0 / divisor })
        }
    }

    /// The `objective` (distance or duration) of `costs`, measured when read.
    init(measuring costs: GeodesicCosts, _ objective: RouteObjective) {
        count = costs.count
        storage = .measured(costs, objective)
    }
}

/// Why a cost matrix could not be built.
public enum CostMatrixError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The matrix is not square, or has the wrong number of values (or two matrices differ in size).
    case wrongShape(expected: String, found: String)
    /// A cost is NaN or negative.
    case invalidValue(row: Int, column: Int, value: Double)

    public var description: String {
        switch self {
        case .wrongShape(let expected, let found):
            "cost matrix has the wrong shape: expected \(expected), found \(found)"
        case .invalidValue(let row, let column, let value):
            "cost matrix [\(row)][\(column)] is \(value): costs must be 0 or more (infinity marks an unreachable pair)"
        }
    }
}
