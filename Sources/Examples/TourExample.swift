import MapRouting

// README: tour begin
/// The cheapest order through any cost matrix: seconds, metres, or money.
func tourExample() throws {
    // Costs from row to column; they need not be symmetric (one-way streets, uphill).
    let costs = try CostMatrix(rows: [
        [0, 7, 3, 9, 4],
        [6, 0, 5, 2, 8],
        [3, 5, 0, 6, 2],
        [8, 2, 7, 0, 5],
        [4, 9, 2, 5, 0],
    ])
    // Start at place 0 and come back; up to 15 places the order is proven optimal.
    let problem = try TourProblem(costs: costs, start: 0, end: .returnToStart)
    let tour = try TourSolver.solve(problem)
    let order = tour.order.map(String.init).joined(separator: ",")
    print("tour: order \(order) cost \(tour.cost) optimal \(tour.isProvenOptimal)")
}
// README: tour end
