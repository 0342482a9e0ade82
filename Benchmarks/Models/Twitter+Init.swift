// Public memberwise initializers, for decoders in other modules (the pipeline benchmark): the synthesized ones are
// internal. Their parameters are unlabeled because an extension cannot redeclare the synthesized labeled ones.

extension Twitter.Response {
  /// Creates a value from its members, in declaration order.
  public init(_ statuses: [Twitter.Status], _ searchMetadata: Twitter.SearchMetadata) {
    self.statuses = statuses
    self.searchMetadata = searchMetadata
  }
}

extension Twitter.Status {
  /// Creates a value from its members, in declaration order.
  public init(
    _ metadata: Twitter.Metadata,
    _ createdAt: String,
    _ id: UInt64,
    _ idStr: String,
    _ text: String,
    _ source: String,
    _ truncated: Bool,
    _ inReplyToStatusId: UInt64?,
    _ inReplyToStatusIdStr: String?,
    _ inReplyToUserId: UInt64?,
    _ inReplyToUserIdStr: String?,
    _ inReplyToScreenName: String?,
    _ user: Twitter.User,
    _ geo: String?,
    _ coordinates: String?,
    _ place: String?,
    _ contributors: String?,
    _ retweetedStatus: Indirect<Twitter.Status>?,
    _ retweetCount: Int,
    _ favoriteCount: Int,
    _ entities: Twitter.Entities,
    _ favorited: Bool,
    _ retweeted: Bool,
    _ possiblySensitive: Bool?,
    _ lang: String
  ) {
    self.metadata = metadata
    self.createdAt = createdAt
    self.id = id
    self.idStr = idStr
    self.text = text
    self.source = source
    self.truncated = truncated
    self.inReplyToStatusId = inReplyToStatusId
    self.inReplyToStatusIdStr = inReplyToStatusIdStr
    self.inReplyToUserId = inReplyToUserId
    self.inReplyToUserIdStr = inReplyToUserIdStr
    self.inReplyToScreenName = inReplyToScreenName
    self.user = user
    self.geo = geo
    self.coordinates = coordinates
    self.place = place
    self.contributors = contributors
    self.retweetedStatus = retweetedStatus
    self.retweetCount = retweetCount
    self.favoriteCount = favoriteCount
    self.entities = entities
    self.favorited = favorited
    self.retweeted = retweeted
    self.possiblySensitive = possiblySensitive
    self.lang = lang
  }
}

extension Twitter.Metadata {
  /// Creates a value from its members, in declaration order.
  public init(_ resultType: String, _ isoLanguageCode: String) {
    self.resultType = resultType
    self.isoLanguageCode = isoLanguageCode
  }
}

extension Twitter.User {
  /// Creates a value from its members, in declaration order.
  public init(
    _ id: UInt64,
    _ idStr: String,
    _ name: String,
    _ screenName: String,
    _ location: String,
    _ description: String,
    _ url: String?,
    _ entities: Twitter.UserEntities,
    _ protected: Bool,
    _ followersCount: Int,
    _ friendsCount: Int,
    _ listedCount: Int,
    _ createdAt: String,
    _ favouritesCount: Int,
    _ utcOffset: Int?,
    _ timeZone: String?,
    _ geoEnabled: Bool,
    _ verified: Bool,
    _ statusesCount: Int,
    _ lang: String,
    _ contributorsEnabled: Bool,
    _ isTranslator: Bool,
    _ isTranslationEnabled: Bool,
    _ profileBackgroundColor: String,
    _ profileBackgroundImageUrl: String,
    _ profileBackgroundImageUrlHttps: String,
    _ profileBackgroundTile: Bool,
    _ profileImageUrl: String,
    _ profileImageUrlHttps: String,
    _ profileBannerUrl: String?,
    _ profileLinkColor: String,
    _ profileSidebarBorderColor: String,
    _ profileSidebarFillColor: String,
    _ profileTextColor: String,
    _ profileUseBackgroundImage: Bool,
    _ defaultProfile: Bool,
    _ defaultProfileImage: Bool,
    _ following: Bool,
    _ followRequestSent: Bool,
    _ notifications: Bool
  ) {
    self.id = id
    self.idStr = idStr
    self.name = name
    self.screenName = screenName
    self.location = location
    self.description = description
    self.url = url
    self.entities = entities
    self.protected = protected
    self.followersCount = followersCount
    self.friendsCount = friendsCount
    self.listedCount = listedCount
    self.createdAt = createdAt
    self.favouritesCount = favouritesCount
    self.utcOffset = utcOffset
    self.timeZone = timeZone
    self.geoEnabled = geoEnabled
    self.verified = verified
    self.statusesCount = statusesCount
    self.lang = lang
    self.contributorsEnabled = contributorsEnabled
    self.isTranslator = isTranslator
    self.isTranslationEnabled = isTranslationEnabled
    self.profileBackgroundColor = profileBackgroundColor
    self.profileBackgroundImageUrl = profileBackgroundImageUrl
    self.profileBackgroundImageUrlHttps = profileBackgroundImageUrlHttps
    self.profileBackgroundTile = profileBackgroundTile
    self.profileImageUrl = profileImageUrl
    self.profileImageUrlHttps = profileImageUrlHttps
    self.profileBannerUrl = profileBannerUrl
    self.profileLinkColor = profileLinkColor
    self.profileSidebarBorderColor = profileSidebarBorderColor
    self.profileSidebarFillColor = profileSidebarFillColor
    self.profileTextColor = profileTextColor
    self.profileUseBackgroundImage = profileUseBackgroundImage
    self.defaultProfile = defaultProfile
    self.defaultProfileImage = defaultProfileImage
    self.following = following
    self.followRequestSent = followRequestSent
    self.notifications = notifications
  }
}

extension Twitter.UserEntities {
  /// Creates a value from its members, in declaration order.
  public init(_ description: Twitter.URLs, _ url: Twitter.URLs?) {
    self.description = description
    self.url = url
  }
}

extension Twitter.URLs {
  /// Creates a value from its members, in declaration order.
  public init(_ urls: [Twitter.URLEntity]) {
    self.urls = urls
  }
}

extension Twitter.URLEntity {
  /// Creates a value from its members, in declaration order.
  public init(_ url: String, _ expandedUrl: String, _ displayUrl: String, _ indices: [Int]) {
    self.url = url
    self.expandedUrl = expandedUrl
    self.displayUrl = displayUrl
    self.indices = indices
  }
}

extension Twitter.Entities {
  /// Creates a value from its members, in declaration order.
  public init(
    _ hashtags: [Twitter.Hashtag],
    _ symbols: [Twitter.Hashtag],
    _ urls: [Twitter.URLEntity],
    _ userMentions: [Twitter.UserMention],
    _ media: [Twitter.Media]?
  ) {
    self.hashtags = hashtags
    self.symbols = symbols
    self.urls = urls
    self.userMentions = userMentions
    self.media = media
  }
}

extension Twitter.Hashtag {
  /// Creates a value from its members, in declaration order.
  public init(_ text: String, _ indices: [Int]) {
    self.text = text
    self.indices = indices
  }
}

extension Twitter.UserMention {
  /// Creates a value from its members, in declaration order.
  public init(_ screenName: String, _ name: String, _ id: UInt64, _ idStr: String, _ indices: [Int]) {
    self.screenName = screenName
    self.name = name
    self.id = id
    self.idStr = idStr
    self.indices = indices
  }
}

extension Twitter.Media {
  /// Creates a value from its members, in declaration order.
  public init(
    _ id: UInt64,
    _ idStr: String,
    _ indices: [Int],
    _ mediaUrl: String,
    _ mediaUrlHttps: String,
    _ url: String,
    _ displayUrl: String,
    _ expandedUrl: String,
    _ type: String,
    _ sizes: Twitter.Sizes,
    _ sourceStatusId: UInt64?,
    _ sourceStatusIdStr: String?
  ) {
    self.id = id
    self.idStr = idStr
    self.indices = indices
    self.mediaUrl = mediaUrl
    self.mediaUrlHttps = mediaUrlHttps
    self.url = url
    self.displayUrl = displayUrl
    self.expandedUrl = expandedUrl
    self.type = type
    self.sizes = sizes
    self.sourceStatusId = sourceStatusId
    self.sourceStatusIdStr = sourceStatusIdStr
  }
}

extension Twitter.Sizes {
  /// Creates a value from its members, in declaration order.
  public init(_ medium: Twitter.Size, _ small: Twitter.Size, _ thumb: Twitter.Size, _ large: Twitter.Size) {
    self.medium = medium
    self.small = small
    self.thumb = thumb
    self.large = large
  }
}

extension Twitter.Size {
  /// Creates a value from its members, in declaration order.
  public init(_ w: Int, _ h: Int, _ resize: String) {
    self.w = w
    self.h = h
    self.resize = resize
  }
}

extension Twitter.SearchMetadata {
  /// Creates a value from its members, in declaration order.
  public init(
    _ completedIn: Double,
    _ maxId: UInt64,
    _ maxIdStr: String,
    _ nextResults: String,
    _ query: String,
    _ refreshUrl: String,
    _ count: Int,
    _ sinceId: UInt64,
    _ sinceIdStr: String
  ) {
    self.completedIn = completedIn
    self.maxId = maxId
    self.maxIdStr = maxIdStr
    self.nextResults = nextResults
    self.query = query
    self.refreshUrl = refreshUrl
    self.count = count
    self.sinceId = sinceId
    self.sinceIdStr = sinceIdStr
  }
}
