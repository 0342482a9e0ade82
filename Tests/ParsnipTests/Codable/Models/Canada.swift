// Models for `canada.json` (a GeoJSON outline of Canada: 56k `[longitude, latitude]` pairs). Shared with the Codable
// benchmarks.

struct Canada: Codable, Equatable {
  var type: String
  var features: [Feature]

  struct Feature: Codable, Equatable {
    var type: String
    var properties: [String: String]
    var geometry: Geometry
  }

  struct Geometry: Codable, Equatable {
    var type: String
    var coordinates: [[[Double]]]
  }
}
