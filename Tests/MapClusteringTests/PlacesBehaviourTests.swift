import Foundation
import MapClustering
import MapGeometry
import Testing
import TestSupport

/// Colocated places and antimeridian queries on the 234,908 GeoNames places.
@Suite(.enabled(if: SharedData.isAvailable, SharedData.missingMessage))
struct PlacesBehaviourTests {
    @Test("places at one identical position are one colocated marker at every zoom, never split")
    func colocated() throws {
        let (input, index) = RealData.places
        var positions: [Position: Int] = [:]
        for i in 0..<input.count {
            positions[Position(uncheckedLongitude: input.longitudes[i], latitude: input.latitudes[i]), default: 0] += 1
        }
        let shared = positions.filter { $0.value > 1 }
        #expect(shared.count == 107)
        // Beyond maxZoom every place is its own marker, except the colocated groups.
        let top = index.markers(zoom: 20)
        #expect(top.count == positions.count)
        let colocated = top.filter { $0.kind == .colocated }
        #expect(colocated.count == shared.count)
        for marker in colocated {
            #expect(marker.count == shared[Position(uncheckedLongitude: marker.longitude, latitude: marker.latitude)])
            #expect(try index.expansionZoom(of: marker.id) == nil)
            let members = try index.members(of: marker.id, limit: .max)
            #expect(members.count == marker.count)
            #expect(Set(members.map { [input.longitudes[$0], input.latitudes[$0]] }).count == 1)
        }
        // A colocated group is never split: at every zoom, all its places sit in one marker.
        var groupOf: [Int: Int] = [:]
        for group in colocated { for member in try index.members(of: group.id, limit: .max) { groupOf[member] = group.id } }
        for zoom in [0, 8, 16, 17] {
            var markerOfGroup: [Int: Set<Int>] = [:]
            for marker in index.markers(zoom: Double(zoom)) where marker.isCluster {
                for member in try index.members(of: marker.id, limit: .max) {
                    if let group = groupOf[member] { markerOfGroup[group, default: []].insert(marker.id) }
                }
            }
            #expect(markerOfGroup.count == colocated.count, "zoom \(zoom)")
            #expect(markerOfGroup.values.allSatisfy { $0.count == 1 }, "zoom \(zoom)")
        }
    }

    @Test("a box across the antimeridian returns the markers of both sides")
    func antimeridian() throws {
        let index = RealData.places.index
        for zoom in [2.0, 5, 8] {
            let across = index.markers(in: try BoundingBox(west: 170, south: -30, east: -170, north: -10), zoom: zoom)
            let east = index.markers(in: try BoundingBox(west: 170, south: -30, east: 180, north: -10), zoom: zoom)
            let west = index.markers(in: try BoundingBox(west: -180, south: -30, east: -170, north: -10), zoom: zoom)
            #expect(!east.isEmpty && !west.isEmpty, "Fiji and Tonga have places on both sides")
            #expect(Set(across) == Set(east).union(west), "zoom \(zoom)")
            #expect(across.allSatisfy { ($0.longitude >= 170 || $0.longitude <= -170) && (-30...(-10)).contains($0.latitude) })
        }
        // Tiles at the world's edge take the markers just across the antimeridian into their buffer.
        let edge = try index.tile(z: 3, x: 7, y: 4)
        #expect(edge.contains { $0.marker.longitude < -170 && $0.x > 512 })
        let first = try index.tile(z: 3, x: 0, y: 4)
        #expect(first.contains { $0.marker.longitude > 170 && $0.x < 0 })
    }
}
