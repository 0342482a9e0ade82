// Models for `canada.json` (a GeoJSON outline of Canada: 56k `[longitude, latitude]` pairs). Shared with the Codable
// benchmarks.

public struct Canada: Codable, Equatable {
  public var type: String
  public var features: [Feature]

  public struct Feature: Codable, Equatable {
    public var type: String
    public var properties: [String: String]
    public var geometry: Geometry
  }

  public struct Geometry: Codable, Equatable {
    public var type: String
    public var coordinates: [[[Double]]]
  }
}
