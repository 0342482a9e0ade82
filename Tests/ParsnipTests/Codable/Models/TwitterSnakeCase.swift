// Models for `twitter.json` decoded with `.convertFromSnakeCase`: the same shapes as `Twitter`, with camelCase
// property names and no `CodingKeys`, as code written for that strategy looks. Shared with the Codable benchmarks.

enum TwitterSnakeCase {
  struct Response: Codable, Equatable {
    var statuses: [Status]
    var searchMetadata: SearchMetadata
  }

  struct Status: Codable, Equatable {
    var metadata: Metadata
    var createdAt: String
    var id: UInt64
    var idStr: String
    var text: String
    var source: String
    var truncated: Bool
    var inReplyToStatusId: UInt64?
    var inReplyToStatusIdStr: String?
    var inReplyToUserId: UInt64?
    var inReplyToUserIdStr: String?
    var inReplyToScreenName: String?
    var user: User
    var geo: String?
    var coordinates: String?
    var place: String?
    var contributors: String?
    var retweetedStatus: Indirect<Status>?
    var retweetCount: Int
    var favoriteCount: Int
    var entities: Entities
    var favorited: Bool
    var retweeted: Bool
    var possiblySensitive: Bool?
    var lang: String
  }

  struct Metadata: Codable, Equatable {
    var resultType: String
    var isoLanguageCode: String
  }

  struct User: Codable, Equatable {
    var id: UInt64
    var idStr: String
    var name: String
    var screenName: String
    var location: String
    var description: String
    var url: String?
    var entities: UserEntities
    var protected: Bool
    var followersCount: Int
    var friendsCount: Int
    var listedCount: Int
    var createdAt: String
    var favouritesCount: Int
    var utcOffset: Int?
    var timeZone: String?
    var geoEnabled: Bool
    var verified: Bool
    var statusesCount: Int
    var lang: String
    var contributorsEnabled: Bool
    var isTranslator: Bool
    var isTranslationEnabled: Bool
    var profileBackgroundColor: String
    var profileBackgroundImageUrl: String
    var profileBackgroundImageUrlHttps: String
    var profileBackgroundTile: Bool
    var profileImageUrl: String
    var profileImageUrlHttps: String
    var profileBannerUrl: String?
    var profileLinkColor: String
    var profileSidebarBorderColor: String
    var profileSidebarFillColor: String
    var profileTextColor: String
    var profileUseBackgroundImage: Bool
    var defaultProfile: Bool
    var defaultProfileImage: Bool
    var following: Bool
    var followRequestSent: Bool
    var notifications: Bool
  }

  struct UserEntities: Codable, Equatable {
    var description: URLs
    var url: URLs?
  }

  struct URLs: Codable, Equatable {
    var urls: [URLEntity]
  }

  struct URLEntity: Codable, Equatable {
    var url: String
    var expandedUrl: String
    var displayUrl: String
    var indices: [Int]
  }

  struct Entities: Codable, Equatable {
    var hashtags: [Hashtag]
    var symbols: [Hashtag]
    var urls: [URLEntity]
    var userMentions: [UserMention]
    var media: [Media]?
  }

  struct Hashtag: Codable, Equatable {
    var text: String
    var indices: [Int]
  }

  struct UserMention: Codable, Equatable {
    var screenName: String
    var name: String
    var id: UInt64
    var idStr: String
    var indices: [Int]
  }

  struct Media: Codable, Equatable {
    var id: UInt64
    var idStr: String
    var indices: [Int]
    var mediaUrl: String
    var mediaUrlHttps: String
    var url: String
    var displayUrl: String
    var expandedUrl: String
    var type: String
    var sizes: Sizes
    var sourceStatusId: UInt64?
    var sourceStatusIdStr: String?
  }

  struct Sizes: Codable, Equatable {
    var medium: Size
    var small: Size
    var thumb: Size
    var large: Size
  }

  struct Size: Codable, Equatable {
    var w: Int
    var h: Int
    var resize: String
  }

  struct SearchMetadata: Codable, Equatable {
    var completedIn: Double
    var maxId: UInt64
    var maxIdStr: String
    var nextResults: String
    var query: String
    var refreshUrl: String
    var count: Int
    var sinceId: UInt64
    var sinceIdStr: String
  }
}
