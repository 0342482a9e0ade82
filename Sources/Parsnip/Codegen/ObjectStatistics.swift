/// Objects seen at one place: their members in order of first appearance, how often each was present, and, when
/// every object carries a discriminator member (`type`, `kind`, ...), the objects of each discriminator value apart.
final class ObjectStatistics {
  /// One member name and what was seen under it.
  final class Field {
    let key: String
    /// Objects that had the member.
    var present = 0
    let shape: InferredShape

    init(key: String, tracksVariants: Bool) {
      self.key = key
      shape = InferredShape(tracksVariants: tracksVariants)
    }
  }

  var count = 0
  /// Members in order of first appearance.
  private(set) var fields: [Field] = []
  private var fieldIndex: [String: Int] = [:]
  /// Set once more distinct keys were seen than ``ShapeBudget/objectKeys``: then every value went into this one
  /// shape and ``fields`` is empty.
  private(set) var mapValues: InferredShape?
  /// The discriminator member while every object so far had it with a string value.
  private(set) var discriminator: String?
  /// The objects of each discriminator value (only while ``discriminator`` is set). While variants are kept, the
  /// objects are recorded only there; ``fields`` holds the objects recorded before and after.
  private(set) var variants: [String: ObjectStatistics] = [:]
  private var variantsAbandoned: Bool
  let tracksVariants: Bool

  init(tracksVariants: Bool) {
    self.tracksVariants = tracksVariants
    variantsAbandoned = !tracksVariants
  }

  func add(_ object: JSONObject) {
    count += 1
    if !variantsAbandoned, let variant = variant(for: object) {
      variant.add(object)
      return
    }
    addMembers(object)
  }

  private func addMembers(_ object: JSONObject) {
    if let mapValues {
      for member in object.members { mapValues.add(member.value) }
      return
    }
    // Objects of one place usually list their members in the same order: try the member at the same position
    // before hashing the key.
    for (position, member) in object.members.enumerated() {
      field(member.key, hint: position).add(member.value)
    }
  }

  private func field(_ key: String, hint: Int) -> InferredShape {
    let field: Field
    if hint < fields.count, fields[hint].key == key {
      field = fields[hint]
    } else if let index = fieldIndex[key] {
      field = fields[index]
    } else {
      field = Field(key: key, tracksVariants: tracksVariants)
      fieldIndex[key] = fields.count
      fields.append(field)
      if fields.count > ShapeBudget.objectKeys { collapseIntoMap() }
    }
    field.present += 1
    return field.shape
  }

  /// The variant statistics for an object, or `nil` after abandoning variants because this object has no
  /// discriminator.
  private func variant(for object: JSONObject) -> ObjectStatistics? {
    if discriminator == nil {
      // The first object picks the discriminator; objects recorded before it (none) need no moving.
      guard fields.isEmpty, mapValues == nil,
        let key = ShapeBudget.discriminators.first(where: { object[$0]?.stringValue != nil })
      else {
        abandonVariants()
        return nil
      }
      discriminator = key
    }
    guard let value = object[discriminator!]?.stringValue else {
      abandonVariants()
      return nil
    }
    if let variant = variants[value] { return variant }
    guard variants.count < ShapeBudget.variants else {
      abandonVariants()
      return nil
    }
    let variant = ObjectStatistics(tracksVariants: false)
    variants[value] = variant
    return variant
  }

  /// Moves what the variants recorded into the common members, and records every later object there.
  func abandonVariants() {
    variantsAbandoned = true
    discriminator = nil
    let recorded = variants
    variants = [:]
    for value in recorded.keys.sorted() { absorbMembers(recorded[value]!) }
  }

  private func collapseIntoMap() {
    let values = InferredShape(tracksVariants: tracksVariants)
    for field in fields { values.merge(field.shape) }
    fields = []
    fieldIndex = [:]
    mapValues = values
  }

  /// Adds the members recorded by `other` (not its object count) to this one's.
  private func absorbMembers(_ other: ObjectStatistics) {
    if let theirs = other.mapValues {
      if mapValues == nil { collapseIntoMap() }
      mapValues!.merge(theirs)
    } else {
      for field in other.fields {
        if let mapValues {
          mapValues.merge(field.shape)
          continue
        }
        let mine: Field
        if let index = fieldIndex[field.key] {
          mine = fields[index]
        } else {
          mine = Field(key: field.key, tracksVariants: tracksVariants)
          fieldIndex[field.key] = fields.count
          fields.append(mine)
        }
        mine.present += field.present
        mine.shape.merge(field.shape)
        if fields.count > ShapeBudget.objectKeys { collapseIntoMap() }
      }
    }
    for value in other.variants.keys.sorted() { absorbMembers(other.variants[value]!) }
  }

  /// Adds everything `other` recorded.
  func merge(_ other: ObjectStatistics) {
    let mergesVariants =
      !variantsAbandoned && !other.variantsAbandoned
      && (discriminator == nil && count == 0 || other.discriminator == nil && other.count == 0
        || discriminator == other.discriminator)
    count += other.count
    guard mergesVariants else {
      if !variantsAbandoned { abandonVariants() }
      absorbMembers(other)
      return
    }
    if discriminator == nil { discriminator = other.discriminator }
    for value in other.variants.keys.sorted() {
      let theirs = other.variants[value]!
      if let mine = variants[value] {
        mine.merge(theirs)
      } else if variants.count < ShapeBudget.variants {
        let mine = ObjectStatistics(tracksVariants: false)
        mine.merge(theirs)
        variants[value] = mine
      } else {
        abandonVariants()
        absorbMembers(theirs)
      }
    }
  }

  /// Every member's statistics with the variants' members folded in: what the objects have in common when the
  /// variants do not make a union.
  func flattened() -> ObjectStatistics {
    guard !variants.isEmpty else { return self }
    let flat = ObjectStatistics(tracksVariants: false)
    flat.count = count
    flat.absorbMembers(self)
    return flat
  }
}
