// Public memberwise initializers, for decoders in other modules (the pipeline benchmark): the synthesized ones are
// internal. Their parameters are unlabeled because an extension cannot redeclare the synthesized labeled ones.

extension CITMCatalog {
  /// Creates a value from its members, in declaration order.
  public init(
    _ areaNames: [String: String],
    _ audienceSubCategoryNames: [String: String],
    _ blockNames: [String: String],
    _ events: [String: CITMCatalog.Event],
    _ performances: [CITMCatalog.Performance],
    _ seatCategoryNames: [String: String],
    _ subTopicNames: [String: String],
    _ subjectNames: [String: String],
    _ topicNames: [String: String],
    _ topicSubTopics: [String: [Int]],
    _ venueNames: [String: String]
  ) {
    self.areaNames = areaNames
    self.audienceSubCategoryNames = audienceSubCategoryNames
    self.blockNames = blockNames
    self.events = events
    self.performances = performances
    self.seatCategoryNames = seatCategoryNames
    self.subTopicNames = subTopicNames
    self.subjectNames = subjectNames
    self.topicNames = topicNames
    self.topicSubTopics = topicSubTopics
    self.venueNames = venueNames
  }
}

extension CITMCatalog.Event {
  /// Creates a value from its members, in declaration order.
  public init(
    _ description: String?,
    _ id: Int,
    _ logo: String?,
    _ name: String,
    _ subTopicIds: [Int],
    _ subjectCode: String?,
    _ subtitle: String?,
    _ topicIds: [Int]
  ) {
    self.description = description
    self.id = id
    self.logo = logo
    self.name = name
    self.subTopicIds = subTopicIds
    self.subjectCode = subjectCode
    self.subtitle = subtitle
    self.topicIds = topicIds
  }
}

extension CITMCatalog.Performance {
  /// Creates a value from its members, in declaration order.
  public init(
    _ eventId: Int,
    _ id: Int,
    _ logo: String?,
    _ name: String?,
    _ prices: [CITMCatalog.Price],
    _ seatCategories: [CITMCatalog.SeatCategory],
    _ seatMapImage: String?,
    _ start: Int,
    _ venueCode: String
  ) {
    self.eventId = eventId
    self.id = id
    self.logo = logo
    self.name = name
    self.prices = prices
    self.seatCategories = seatCategories
    self.seatMapImage = seatMapImage
    self.start = start
    self.venueCode = venueCode
  }
}

extension CITMCatalog.Price {
  /// Creates a value from its members, in declaration order.
  public init(_ amount: Int, _ audienceSubCategoryId: Int, _ seatCategoryId: Int) {
    self.amount = amount
    self.audienceSubCategoryId = audienceSubCategoryId
    self.seatCategoryId = seatCategoryId
  }
}

extension CITMCatalog.SeatCategory {
  /// Creates a value from its members, in declaration order.
  public init(_ areas: [CITMCatalog.Area], _ seatCategoryId: Int) {
    self.areas = areas
    self.seatCategoryId = seatCategoryId
  }
}

extension CITMCatalog.Area {
  /// Creates a value from its members, in declaration order.
  public init(_ areaId: Int, _ blockIds: [Int]) {
    self.areaId = areaId
    self.blockIds = blockIds
  }
}
