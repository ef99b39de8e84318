import Foundation
import TestSupport
import Testing

/// Paged answers (`query --search`, `cluster --members`) on the Helsinki sample: past the last
/// page is an empty page, never a crash, and every page says `total`, `page` and `pages`.
@Suite("Paged answers")
struct PagingCommandTests {
    let sample = "Data/objects.geojson"

    func collection(_ result: MapctlProcess.Result) throws -> [String: Any] {
        #expect(result.status == 0, "\(result.standardError)")
        return try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as! [String: Any]
    }

    func ids(_ root: [String: Any]) -> [String] {
        (root["features"] as! [[String: Any]]).map { "\($0["id"] ?? ($0["properties"] as! [String: Any])["name"] ?? "")" }
    }

    @Test("search pages cover every hit once; past the end and Int.max are empty pages")
    func searchPages() throws {
        let all = try collection(try MapctlProcess.run(["query", "--search", "ka", "--page-size", "1000", sample]))
        let total = all["total"] as! Int
        #expect(total > 12 && total < 1000)
        #expect(ids(all).count == total)
        let size = 5, pages = (total + size - 1) / size
        var paged: [String] = []
        for page in 1...pages {
            let root = try collection(try MapctlProcess.run(["query", "--search", "ka", "--page", "\(page)", "--page-size", "\(size)", sample]))
            #expect(root["total"] as? Int == total)
            #expect(root["page"] as? Int == page)
            #expect(root["pages"] as? Int == pages)
            paged += ids(root)
        }
        #expect(paged == ids(all))
        for page in ["\(pages + 1)", "\(pages + 7)", "\(Int.max)"] {
            let root = try collection(try MapctlProcess.run(["query", "--search", "ka", "--page", page, "--page-size", "\(size)", sample]))
            #expect(ids(root).isEmpty)
            #expect(root["total"] as? Int == total)
            #expect(root["pages"] as? Int == pages)
        }
    }

    @Test("cluster members pages say total, page and pages; past the end is empty")
    func memberPages() throws {
        let markers = try collection(try MapctlProcess.run(["cluster", "--zoom", "13", sample]))
        let biggest = (markers["features"] as! [[String: Any]]).compactMap { $0["properties"] as? [String: Any] }
            .filter { $0["cluster"] as? Bool == true }.max { ($0["point_count"] as! Int) < ($1["point_count"] as! Int) }!
        let id = "\(biggest["cluster_id"] as! Int)", count = biggest["point_count"] as! Int
        let page = try collection(try MapctlProcess.run(["cluster", "--members", id, "--limit", "20", "--offset", "20", sample]))
        #expect(page["total"] as? Int == count)
        #expect(page["offset"] as? Int == 20)
        #expect(page["page"] as? Int == 2)
        #expect(page["pages"] as? Int == (count + 19) / 20)
        #expect(ids(page).count == min(20, count - 20))
        let past = try collection(try MapctlProcess.run(["cluster", "--members", id, "--limit", "20", "--offset", "\(Int.max)", sample]))
        #expect(ids(past).isEmpty)
        #expect(past["total"] as? Int == count)
    }
}
