import Foundation

/// The acceptance temperature of ruin and recreate: simulated annealing that cools from
/// `hot` to `cold` over the budget, and is reheated when the best answer has not improved
/// for `patience` iterations.
///
/// Why the reheat: on tightly packed instances (F-n72-k4 fills 96 % of its four vehicles)
/// a cool search settles on one split of the big stops among the vehicles, and no small
/// ruin undoes it: seeds stalled 5-6 % above the optimum whatever the budget. Raising the
/// temperature `boost` times, then letting it decay back over `patience` iterations, lets
/// the current answer leave that basin; the best answer is kept apart, so nothing is lost.
/// A hotter schedule throughout would do the same on F-n72-k4 but costs X-n200-k36 about
/// 0.5 % (measured), where the search keeps improving and never reheats.
struct AnnealingSchedule {
    let hot: Double
    let cold: Double
    let patience: Int
    let boost: Double
    /// Per-iteration factor that brings a reheat back to 1 after `patience` iterations.
    private let decay: Double
    private var reheat = 1.0
    private var sinceBest = 0

    /// Temperatures relative to the average leg of the first answer (SISR's 100 and 1 on
    /// instances whose legs average about 200).
    init(averageLeg: Double, stopCount: Int, boost: Double = 10) {
        hot = 0.5 * averageLeg
        cold = 0.005 * averageLeg
        patience = max(1_000, 10 * stopCount)
        self.boost = boost
        decay = pow(1 / boost, 1 / Double(patience))
    }

    /// The temperature of the next iteration at `progress` (0 to 1) through the budget.
    mutating func next(progress: Double) -> Double {
        sinceBest += 1
        if sinceBest > patience {
            sinceBest = 0
            reheat = boost
        }
        reheat = max(1, reheat * decay)
        return reheat * hot * pow(cold / hot, min(max(progress, 0), 1))
    }

    /// The search found a new best answer: the stall count starts again.
    mutating func noteNewBest() { sinceBest = 0 }
}
