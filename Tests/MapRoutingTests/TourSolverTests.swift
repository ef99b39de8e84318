import Testing
@testable import MapRouting

/// The ordering solver against brute force on small random instances, for every kind of end.
@Suite("Tour solver: small instances against brute force")
struct TourSolverTests {
    static let ends: [TourEnd] = [.returnToStart, .anywhere, .at(3)]
    /// The heuristic alone (exactLimit 0) and the exact method.
    static let methods: [TourSearchOptions] = [
        TourSearchOptions(iterations: 300, timeLimit: nil, exactLimit: 0),
        TourSearchOptions(timeLimit: nil),
    ]

    @Test(arguments: ends)
    func symmetricMatchesBruteForce(end: TourEnd) throws {
        for seed in UInt64(1)...6 {
            let costs = Fixtures.randomMatrix(count: 9, seed: seed)
            let problem = try TourProblem(costs: costs, start: Int(seed % 3 == 0 ? 1 : 0), end: end)
            let optimum = Fixtures.bruteForce(problem)
            for options in Self.methods {
                let solution = try TourSolver.solve(problem, options: options)
                #expect(Fixtures.isFeasible(solution.order, for: problem))
                #expect(solution.cost == optimum, "seed \(seed), exact \(options.exactLimit > 0)")
                #expect(solution.cost == Fixtures.cost(of: solution.order, in: problem))
                #expect(solution.isProvenOptimal == (options.exactLimit > 0))
            }
        }
    }

    @Test(arguments: ends)
    func asymmetricMatchesBruteForce(end: TourEnd) throws {
        for seed in UInt64(11)...16 {
            let costs = Fixtures.randomMatrix(count: 9, symmetric: false, seed: seed)
            #expect(!costs.isSymmetric)
            let problem = try TourProblem(costs: costs, start: 0, end: end)
            let optimum = Fixtures.bruteForce(problem)
            for options in Self.methods {
                let solution = try TourSolver.solve(problem, options: options)
                #expect(Fixtures.isFeasible(solution.order, for: problem))
                #expect(solution.cost == optimum, "seed \(seed), exact \(options.exactLimit > 0)")
                #expect(solution.cost == Fixtures.cost(of: solution.order, in: problem))
            }
        }
    }

    @Test(arguments: ends)
    func firstAndLastGroupsMatchBruteForce(end: TourEnd) throws {
        for seed in UInt64(21)...24 {
            let costs = Fixtures.randomMatrix(count: 9, symmetric: seed % 2 == 0, seed: seed)
            let problem = try TourProblem(costs: costs, start: 0, end: end, first: [5, 8], last: [1, 2])
            let optimum = Fixtures.bruteForce(problem)
            for options in Self.methods {
                let solution = try TourSolver.solve(problem, options: options)
                #expect(Fixtures.isFeasible(solution.order, for: problem), "\(solution.order)")
                #expect(solution.cost == optimum, "seed \(seed), exact \(options.exactLimit > 0)")
            }
        }
    }

    @Test func heldKarpBeatsOrTiesTheHeuristicOnFifteenStops() throws {
        for seed in UInt64(31)...33 {
            let costs = Fixtures.randomMatrix(count: 16, symmetric: seed != 32, seed: seed)
            for end in Self.ends {
                let problem = try TourProblem(costs: costs, start: 0, end: end)
                let exact = try TourSolver.solve(problem, options: TourSearchOptions(timeLimit: nil))
                let heuristic = try TourSolver.solve(
                    problem, options: TourSearchOptions(iterations: 2_000, timeLimit: nil, exactLimit: 0))
                #expect(exact.isProvenOptimal)
                #expect(exact.cost <= heuristic.cost)
                #expect(Fixtures.isFeasible(exact.order, for: problem))
            }
        }
    }

    @Test func sameSeedAndBudgetGiveTheSameOrder() throws {
        let costs = Fixtures.randomMatrix(count: 120, seed: 41)
        let problem = try TourProblem(costs: costs, start: 0, end: .anywhere)
        let options = TourSearchOptions(seed: 7, iterations: 1_500, timeLimit: nil)
        let first = try TourSolver.solve(problem, options: options)
        let second = try TourSolver.solve(problem, options: options)
        #expect(first.order == second.order)
        // Two searches side by side by default, each with the budget.
        #expect(first.iterations == 2 * 1_500 && !first.stoppedByTimeLimit)
    }

    /// The first search is the one a single search would run; a side search with its own seed
    /// replaces its answer only with a shorter one, and the answer is the same on every run.
    @Test func searchesSideBySideKeepTheShortestOrder() throws {
        var shortenedBySide = 0
        for seed in UInt64(1)...5 {
            let costs = Fixtures.randomMatrix(count: 150, seed: 50 + seed)
            let problem = try TourProblem(costs: costs, start: 0, end: .anywhere)
            let alone = try TourSolver.solve(problem, options: TourSearchOptions(seed: seed, iterations: 300, timeLimit: nil, searches: 1))
            let options = TourSearchOptions(seed: seed, iterations: 300, timeLimit: nil, searches: 2)
            let both = try TourSolver.solve(problem, options: options)
            let again = try TourSolver.solve(problem, options: options)
            #expect(both.order == again.order)
            #expect(both.cost <= alone.cost)
            #expect(both.iterations == 600 && alone.iterations == 300)
            #expect(Fixtures.isFeasible(both.order, for: problem))
            if both.cost < alone.cost { shortenedBySide += 1 }
        }
        #expect(shortenedBySide > 0, "the side search never found a shorter order")
    }

    @Test func tinyProblems() throws {
        let one = try TourSolver.solve(TourProblem(costs: CostMatrix(rows: [[0]])))
        #expect(one.order == [0] && one.cost == 0 && one.isProvenOptimal)
        let two = try CostMatrix(rows: [[0, 5], [7, 0]])
        #expect(try TourSolver.solve(TourProblem(costs: two, end: .returnToStart)).cost == 12)
        #expect(try TourSolver.solve(TourProblem(costs: two, end: .anywhere)).order == [0, 1])
        #expect(try TourSolver.solve(TourProblem(costs: two, start: 1, end: .at(0))).cost == 7)
    }
}

/// Unreachable pairs and invalid problems get a defined answer or a clear error.
@Suite("Tour solver: bad input")
struct TourSolverBadInputTests {
    @Test func unreachablePairIsAvoidedWhenPossible() throws {
        var rows = (0..<6).map { i in (0..<6).map { j in Double(abs(i - j)) } }
        rows[0][1] = .infinity; rows[1][0] = .infinity
        let problem = try TourProblem(costs: CostMatrix(rows: rows), end: .anywhere)
        let solution = try TourSolver.solve(problem)
        #expect(solution.cost.isFinite)
        #expect(solution.order.first == 0)
    }

    @Test func isolatedPlaceIsNamed() throws {
        var rows = (0..<5).map { i in (0..<5).map { j in Double(abs(i - j)) } }
        for i in 0..<5 where i != 2 { rows[i][2] = .infinity }
        let problem = try TourProblem(costs: CostMatrix(rows: rows))
        #expect(throws: TourProblemError.isolated(place: 2, direction: "from")) { try TourSolver.solve(problem) }
    }

    @Test func unavoidableUnreachablePairIsReported() throws {
        // Place 3 can be left only towards 0 but the tour must end at 4.
        var rows = (0..<5).map { i in (0..<5).map { j in Double(abs(i - j) + 1) } }
        for j in 1..<5 { rows[3][j] = .infinity }
        let problem = try TourProblem(costs: CostMatrix(rows: rows), end: .at(4))
        #expect(throws: TourProblemError.self) { try TourSolver.solve(problem) }
        let error = try #require(throws: TourProblemError.self) { try TourSolver.solve(problem) }
        #expect(error.description.contains("unreachable"))
    }

    @Test func invalidMatricesAndProblemsAreRejected() throws {
        #expect(throws: CostMatrixError.invalidValue(row: 0, column: 1, value: -1)) {
            try CostMatrix(rows: [[0, -1], [1, 0]])
        }
        #expect(throws: CostMatrixError.self) { try CostMatrix(rows: [[0, .nan], [1, 0]]) }
        #expect(throws: CostMatrixError.self) { try CostMatrix(rows: [[0, 1], [1]]) }
        let costs = Fixtures.randomMatrix(count: 4, seed: 1)
        #expect(throws: TourProblemError.endIsStart) { try TourProblem(costs: costs, start: 0, end: .at(0)) }
        #expect(throws: TourProblemError.placeOutOfRange(role: "start", index: 4, count: 4)) {
            try TourProblem(costs: costs, start: 4)
        }
        #expect(throws: TourProblemError.conflictingGroup(index: 1)) {
            try TourProblem(costs: costs, first: [1], last: [1])
        }
    }
}
