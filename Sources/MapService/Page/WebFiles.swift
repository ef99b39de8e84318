import Foundation

/// The files of the map page: its own (module resources `Resources/web`) and Leaflet's, from
/// Debian's `libjs-leaflet`, so the page needs no CDN. Both are read once and served by name
/// only, so no request path reaches the file system.
enum WebFiles {
    /// Where Debian's `libjs-leaflet` puts Leaflet 1.7.
    static let leafletFolder = "/usr/share/javascript/leaflet"

    /// The page's files by name (`index.html`, `main.mjs`, ...).
    static let page: [String: [UInt8]] = {
        guard let folder = Bundle.module.url(forResource: "web", withExtension: nil, subdirectory: "Resources") else { return [:] }
        return files(in: folder.path, prefix: "")
    }()

    /// Leaflet's script, style sheet and images by path below ``leafletFolder`` (`leaflet.css`,
    /// `images/marker-icon.png`); empty when the package is not installed.
    static let leaflet: [String: [UInt8]] = files(in: leafletFolder, prefix: "").merging(
        files(in: leafletFolder + "/images", prefix: "images/"), uniquingKeysWith: { first, _ in first })

    /// The media type of a file by its extension.
    static func mediaType(of name: String) -> String {
        switch name.split(separator: ".").last {
        case "html": "text/html; charset=utf-8"
        case "js", "mjs": "text/javascript; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "png": "image/png"
        case "svg": "image/svg+xml"
        default: "application/octet-stream"
        }
    }

    private static let served: Set<String> = ["html", "js", "mjs", "css", "png", "svg"]

    private static func files(in folder: String, prefix: String) -> [String: [UInt8]] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var files: [String: [UInt8]] = [:]
        for name in names where served.contains(String(name.split(separator: ".").last ?? "")) {
            if let data = FileManager.default.contents(atPath: folder + "/" + name) { files[prefix + name] = [UInt8](data) }
        }
        return files
    }
}
