import Testing

@testable import MapPostgres

/// The time limit of a database-served table's statements follows `--request-timeout` to the
/// millisecond: PostgreSQL reads `statement_timeout = 0` as no limit at all, and whole seconds
/// alone turned 500 ms into that.
@Suite("Statement time limit")
struct StatementTimeoutTests {
    @Test("fractions of a second are kept, and no limit is never asked for")
    func milliseconds() {
        #expect(TableCells.milliseconds(.milliseconds(500)) == 500)
        #expect(TableCells.milliseconds(.milliseconds(1_500)) == 1_500)
        #expect(TableCells.milliseconds(.seconds(10)) == 10_000)
        #expect(TableCells.milliseconds(.microseconds(200)) == 1)
        #expect(TableCells.milliseconds(.zero) == 1)
    }
}
