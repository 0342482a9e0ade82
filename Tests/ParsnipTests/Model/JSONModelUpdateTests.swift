import Foundation
import Testing

@testable import Parsnip

/// Ignored properties keep their declared defaults, and `update(from:)` reads polymorphic members back without the
/// configuration (issue 42, "found when tried as a new user would").
@Suite struct JSONModelUpdateTests {
  struct Settings: JSONModel, DefaultInitializable {
    var name = "default"
    @Ignored var retries = 42
    @Ignored var cache: [String] = ["warm"]
    var inner = Inner()
  }

  struct Inner: JSONModel, DefaultInitializable {
    var level = 1
    @Ignored var token = "secret"
  }

  @Test func ignoredPropertiesKeepTheirDeclaredDefaults() throws {
    let settings = try Settings(json: ["name": "x", "retries": 7, "inner": ["level": 2, "token": "leak"]])
    #expect(settings.name == "x")
    #expect(settings.retries == 42)
    #expect(settings.cache == ["warm"])
    #expect(settings.inner.level == 2)
    #expect(settings.inner.token == "secret")
    let list = try [Settings](json: [["name": "a"], ["name": "b"]])
    #expect(list.map(\.retries) == [42, 42])
    #expect(list.map(\.inner.token) == ["secret", "secret"])
    // An update keeps the current values, not the defaults.
    var changed = settings
    changed.retries = 3
    changed.inner.token = "mine"
    try changed.update(from: ["name": "y"])
    #expect(changed.name == "y")
    #expect(changed.retries == 3)
    #expect(changed.inner.token == "mine")
  }

  struct Document: JSONModel, DefaultInitializable {
    var name = ""
    var extra: JSON = ["keep": 1, "a": 2]
  }

  /// `update(from:)` is `JSONMergePatch`'s one merge: `null` sets a member unless `nullsRemoveMembers`, also in
  /// objects the update adds, and the configuration's depth limit bounds the update.
  @Test func updateMergesAsMergePatchWithNullsKeptOnRequest() throws {
    let patch: JSON = ["extra": ["a": nil, "new": ["b": nil, "c": 3]]]
    let kept = try Document().updated(from: patch)
    #expect(kept.extra == ["keep": 1, "a": nil, "new": ["b": nil, "c": 3]])
    let removed = try Document().updated(from: patch, nullsRemoveMembers: true)
    #expect(removed.extra == ["keep": 1, "new": ["c": 3]])
    #expect(removed.extra == JSONMergePatch.apply(patch["extra"], to: Document().extra))

    let shallow = JSONModelConfiguration(maximumDepth: 3)
    #expect(try Document().updated(from: ["extra": ["x": ["y": 1]]], configuration: shallow).extra["x"] == ["y": 1])
    let error = #expect(throws: DecodingError.self) {
      try Document().updated(from: ["extra": ["x": ["y": ["z": 1]]]], configuration: shallow)
    }
    guard case .dataCorrupted(let context) = error else {
      Issue.record("expected dataCorrupted, got \(String(describing: error))")
      return
    }
    #expect(context.debugDescription == "Update nested deeper than 3 levels.")
  }

  @Test func updatingPolymorphicMembersNeedsNoConfiguration() throws {
    // The zoo was read with a registry; the update is given none, and used to fail on `star`, which it does not touch.
    var zoo = try Zoo(json: JSONModelPolymorphismTests.zooJSON, configuration: JSONModelPolymorphismTests.configuration)
    try zoo.update(from: ["rescued": ["_class": "Dog", "name": "Lucky", "barks": true]])
    #expect((zoo.star as? Dog)?.barks == true)
    #expect((zoo.animals[0] as? Cat)?.livesLeft == 9)
    #expect((zoo.keepers["ann"] as? Cat)?.name == "Kit")
    #expect((zoo.rescued as? Dog)?.name == "Lucky")
    // A class the update names and nothing registers is an error at the member the update changes.
    let error = #expect(throws: DecodingError.self) {
      try zoo.update(from: ["rescued": ["_class": "Unicorn", "name": "U"]])
    }
    guard case .dataCorrupted(let context) = error else {
      Issue.record("expected dataCorrupted, got \(String(describing: error))")
      return
    }
    #expect(context.codingPath.map(\.stringValue) == ["rescued", "_class"])
    #expect(context.debugDescription.contains("Unknown model class \"Unicorn\""), "\(context.debugDescription)")
  }
}
