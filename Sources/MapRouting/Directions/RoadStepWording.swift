/// The English sentences of turn-by-turn steps.
enum RoadStepWording {
    static func instruction(
        _ manoeuvre: RoadStep.Manoeuvre, modifier: RoadTurn.Modifier?, exit: Int?, bearingAfter: Double?,
        road: String, staysOnRoad: Bool
    ) -> String {
        switch manoeuvre {
        case .depart:
            guard let bearingAfter else { return "Start on \(road)" }
            return "Head \(compass(bearingAfter)) on \(road)"
        case .arrive:
            return "Arrive at the destination on \(road)"
        case .roundabout:
            guard let exit else { return "Enter the roundabout" }
            return "At the roundabout take the \(ordinal(exit)) exit onto \(road)"
        case .exitRoundabout:
            return "Leave the roundabout by the \(ordinal(exit ?? 1)) exit onto \(road)"
        case .continue:
            let way: String
            switch modifier ?? .straight {
            case .straight, .uturn: way = ""
            case .slightLeft: way = " slightly left"
            case .slightRight: way = " slightly right"
            case .left: way = " left"
            case .right: way = " right"
            case .sharpLeft: way = " sharp left"
            case .sharpRight: way = " sharp right"
            }
            return "Continue\(way) onto \(road)"
        case .turn:
            let onto = staysOnRoad ? "to stay on" : "onto"
            switch modifier ?? .straight {
            case .uturn: return "Make a U-turn onto \(road)"
            case .straight: return "Go straight \(onto) \(road)"
            case .slightLeft: return "Turn slightly left \(onto) \(road)"
            case .slightRight: return "Turn slightly right \(onto) \(road)"
            case .left: return "Turn left \(onto) \(road)"
            case .right: return "Turn right \(onto) \(road)"
            case .sharpLeft: return "Turn sharp left \(onto) \(road)"
            case .sharpRight: return "Turn sharp right \(onto) \(road)"
            }
        }
    }

    /// "north", "northeast"… for a bearing in degrees.
    static func compass(_ bearing: Double) -> String {
        let names = ["north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest"]
        let sector = Int(((bearing + 22.5).truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 45)
        return names[min(sector, 7)]
    }

    /// "1st", "2nd", "3rd", "4th", "11th", "21st"…
    static func ordinal(_ number: Int) -> String {
        let suffix: String
        switch (number % 10, number % 100) {
        case (_, 11...13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(number)\(suffix)"
    }
}
