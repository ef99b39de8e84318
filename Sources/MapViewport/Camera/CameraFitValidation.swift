extension CameraFit {
    /// Rejects values no map could use, naming the option, before any work starts.
    static func validate(viewport: Viewport, options: CameraFitOptions) throws(CameraFitError) {
        // The message is built only when a value is rejected: a fit must cost well under 1 µs.
        func require(
            _ name: StaticString, _ value: Double, _ expected: @autoclosure () -> String, _ ok: (Double) -> Bool
        ) throws(CameraFitError) {
            guard value.isFinite, ok(value) else {
                throw .invalidOption(name: "\(name)", value: CameraFitError.format(value), expected: expected())
            }
        }
        let positive: StaticString = "a finite number of points > 0", nonNegative: StaticString = "a finite number ≥ 0"
        try require("viewport width", viewport.width, "\(positive)") { $0 > 0 }
        try require("viewport height", viewport.height, "\(positive)") { $0 > 0 }
        let insets = viewport.insets
        try require("top inset", insets.top, "\(nonNegative)") { $0 >= 0 }
        try require("right inset", insets.right, "\(nonNegative)") { $0 >= 0 }
        try require("bottom inset", insets.bottom, "\(nonNegative)") { $0 >= 0 }
        try require("left inset", insets.left, "\(nonNegative)") { $0 >= 0 }
        try require("padding", options.padding, "\(nonNegative)") { $0 >= 0 }
        guard options.tileSize > 0 else {
            throw .invalidOption(name: "tile size", value: String(options.tileSize), expected: "256 or 512 pixels")
        }
        try require("minimum zoom", options.minZoom, "a finite zoom") { _ in true }
        try require("maximum zoom", options.maxZoom, "a finite zoom ≥ the minimum zoom \(options.minZoom)") {
            $0 >= options.minZoom
        }
        try require("single-object zoom", options.singleObjectZoom, "a finite zoom") { _ in true }
        try require("zoom snap", options.snap.step, "0 (none) or a positive step such as 1 or 0.5") { $0 >= 0 }
        try require("bearing", options.bearing, "a finite angle in degrees") { _ in true }
        if let marker = options.marker {
            try require("marker width", marker.width, "\(nonNegative)") { $0 >= 0 }
            try require("marker height", marker.height, "\(nonNegative)") { $0 >= 0 }
            try require("marker anchor x", marker.anchorX, "a fraction 0...1") { (0...1).contains($0) }
            try require("marker anchor y", marker.anchorY, "a fraction 0...1") { (0...1).contains($0) }
        }
    }
}
