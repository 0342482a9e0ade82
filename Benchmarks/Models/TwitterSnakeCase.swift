// Models for `twitter.json` decoded with `.convertFromSnakeCase`: the same shapes as `Twitter`, with camelCase
// property names and no `CodingKeys`, as code written for that strategy looks. Shared with the Codable benchmarks.

public enum TwitterSnakeCase {
  public struct Response: Codable, Equatable {
    public var statuses: [Status]
    public var searchMetadata: SearchMetadata
  }

  public struct Status: Codable, Equatable {
    public var metadata: Metadata
    public var createdAt: String
    public var id: UInt64
    public var idStr: String
    public var text: String
    public var source: String
    public var truncated: Bool
    public var inReplyToStatusId: UInt64?
    public var inReplyToStatusIdStr: String?
    public var inReplyToUserId: UInt64?
    public var inReplyToUserIdStr: String?
    public var inReplyToScreenName: String?
    public var user: User
    public var geo: String?
    public var coordinates: String?
    public var place: String?
    public var contributors: String?
    public var retweetedStatus: Indirect<Status>?
    public var retweetCount: Int
    public var favoriteCount: Int
    public var entities: Entities
    public var favorited: Bool
    public var retweeted: Bool
    public var possiblySensitive: Bool?
    public var lang: String
  }

  public struct Metadata: Codable, Equatable {
    public var resultType: String
    public var isoLanguageCode: String
  }

  public struct User: Codable, Equatable {
    public var id: UInt64
    public var idStr: String
    public var name: String
    public var screenName: String
    public var location: String
    public var description: String
    public var url: String?
    public var entities: UserEntities
    public var protected: Bool
    public var followersCount: Int
    public var friendsCount: Int
    public var listedCount: Int
    public var createdAt: String
    public var favouritesCount: Int
    public var utcOffset: Int?
    public var timeZone: String?
    public var geoEnabled: Bool
    public var verified: Bool
    public var statusesCount: Int
    public var lang: String
    public var contributorsEnabled: Bool
    public var isTranslator: Bool
    public var isTranslationEnabled: Bool
    public var profileBackgroundColor: String
    public var profileBackgroundImageUrl: String
    public var profileBackgroundImageUrlHttps: String
    public var profileBackgroundTile: Bool
    public var profileImageUrl: String
    public var profileImageUrlHttps: String
    public var profileBannerUrl: String?
    public var profileLinkColor: String
    public var profileSidebarBorderColor: String
    public var profileSidebarFillColor: String
    public var profileTextColor: String
    public var profileUseBackgroundImage: Bool
    public var defaultProfile: Bool
    public var defaultProfileImage: Bool
    public var following: Bool
    public var followRequestSent: Bool
    public var notifications: Bool
  }

  public struct UserEntities: Codable, Equatable {
    public var description: URLs
    public var url: URLs?
  }

  public struct URLs: Codable, Equatable {
    public var urls: [URLEntity]
  }

  public struct URLEntity: Codable, Equatable {
    public var url: String
    public var expandedUrl: String
    public var displayUrl: String
    public var indices: [Int]
  }

  public struct Entities: Codable, Equatable {
    public var hashtags: [Hashtag]
    public var symbols: [Hashtag]
    public var urls: [URLEntity]
    public var userMentions: [UserMention]
    public var media: [Media]?
  }

  public struct Hashtag: Codable, Equatable {
    public var text: String
    public var indices: [Int]
  }

  public struct UserMention: Codable, Equatable {
    public var screenName: String
    public var name: String
    public var id: UInt64
    public var idStr: String
    public var indices: [Int]
  }

  public struct Media: Codable, Equatable {
    public var id: UInt64
    public var idStr: String
    public var indices: [Int]
    public var mediaUrl: String
    public var mediaUrlHttps: String
    public var url: String
    public var displayUrl: String
    public var expandedUrl: String
    public var type: String
    public var sizes: Sizes
    public var sourceStatusId: UInt64?
    public var sourceStatusIdStr: String?
  }

  public struct Sizes: Codable, Equatable {
    public var medium: Size
    public var small: Size
    public var thumb: Size
    public var large: Size
  }

  public struct Size: Codable, Equatable {
    public var w: Int
    public var h: Int
    public var resize: String
  }

  public struct SearchMetadata: Codable, Equatable {
    public var completedIn: Double
    public var maxId: UInt64
    public var maxIdStr: String
    public var nextResults: String
    public var query: String
    public var refreshUrl: String
    public var count: Int
    public var sinceId: UInt64
    public var sinceIdStr: String
  }
}
