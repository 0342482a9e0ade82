import Parsnip

/// JSONPath over a `JSONDocument` (`profile-jsonpath`): per corpus file, a descendant query and a filter query, each
/// selecting many nodes (the counts in the comments).
enum JSONPathBenchmarks {
  static let queries: [String: [String]] = [
    // 100 statuses (and their retweeted statuses): every `screen_name`; the users of the 73 retweeted statuses.
    "twitter.json": ["$..screen_name", "$.statuses[?@.retweet_count > 0].user.name"],
    // 243 performances: every `areaId`; the start of the 184 with more than two seat categories.
    "citm_catalog.json": ["$..areaId", "$.performances[?count(@.seatCategories) > 2].start"],
    // 55,563 points: every `type` (a walk of every number); the 15,951 points west of 100° W.
    "canada.json": ["$..type", "$.features[*].geometry.coordinates[*][?@[0] < -100]"],
  ]
}
