// Public memberwise initializers, for decoders in other modules (the pipeline benchmark): the synthesized ones are
// internal. Their parameters are unlabeled because an extension cannot redeclare the synthesized labeled ones.

extension Canada {
  /// Creates a value from its members, in declaration order.
  public init(_ type: String, _ features: [Feature]) {
    self.type = type
    self.features = features
  }
}

extension Canada.Feature {
  /// Creates a value from its members, in declaration order.
  public init(_ type: String, _ properties: [String: String], _ geometry: Canada.Geometry) {
    self.type = type
    self.properties = properties
    self.geometry = geometry
  }
}

extension Canada.Geometry {
  /// Creates a value from its members, in declaration order.
  public init(_ type: String, _ coordinates: [[[Double]]]) {
    self.type = type
    self.coordinates = coordinates
  }
}
