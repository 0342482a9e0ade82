// Models for `twitter.json` (Twitter search API, 100 statuses) decoded with the default key strategy:
// Swift names in camelCase, `CodingKeys` naming the snake_case members. Shared with the Codable benchmarks.

/// A reference box so a status can hold the status it retweets.
public final class Indirect<Value: Codable & Equatable>: Codable, Equatable {
  public let value: Value
  public init(_ value: Value) { self.value = value }
  public init(from decoder: Decoder) throws { value = try Value(from: decoder) }
  public func encode(to encoder: Encoder) throws { try value.encode(to: encoder) }
  public static func == (lhs: Indirect, rhs: Indirect) -> Bool { lhs.value == rhs.value }
}

public enum Twitter {
  public struct Response: Codable, Equatable {
    public var statuses: [Status]
    public var searchMetadata: SearchMetadata

    public enum CodingKeys: String, CodingKey {
      case statuses
      case searchMetadata = "search_metadata"
    }
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

    public enum CodingKeys: String, CodingKey {
      case metadata
      case createdAt = "created_at"
      case id
      case idStr = "id_str"
      case text, source, truncated
      case inReplyToStatusId = "in_reply_to_status_id"
      case inReplyToStatusIdStr = "in_reply_to_status_id_str"
      case inReplyToUserId = "in_reply_to_user_id"
      case inReplyToUserIdStr = "in_reply_to_user_id_str"
      case inReplyToScreenName = "in_reply_to_screen_name"
      case user, geo, coordinates, place, contributors
      case retweetedStatus = "retweeted_status"
      case retweetCount = "retweet_count"
      case favoriteCount = "favorite_count"
      case entities, favorited, retweeted
      case possiblySensitive = "possibly_sensitive"
      case lang
    }
  }

  public struct Metadata: Codable, Equatable {
    public var resultType: String
    public var isoLanguageCode: String

    public enum CodingKeys: String, CodingKey {
      case resultType = "result_type"
      case isoLanguageCode = "iso_language_code"
    }
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

    public enum CodingKeys: String, CodingKey {
      case id
      case idStr = "id_str"
      case name
      case screenName = "screen_name"
      case location, description, url, entities, protected
      case followersCount = "followers_count"
      case friendsCount = "friends_count"
      case listedCount = "listed_count"
      case createdAt = "created_at"
      case favouritesCount = "favourites_count"
      case utcOffset = "utc_offset"
      case timeZone = "time_zone"
      case geoEnabled = "geo_enabled"
      case verified
      case statusesCount = "statuses_count"
      case lang
      case contributorsEnabled = "contributors_enabled"
      case isTranslator = "is_translator"
      case isTranslationEnabled = "is_translation_enabled"
      case profileBackgroundColor = "profile_background_color"
      case profileBackgroundImageUrl = "profile_background_image_url"
      case profileBackgroundImageUrlHttps = "profile_background_image_url_https"
      case profileBackgroundTile = "profile_background_tile"
      case profileImageUrl = "profile_image_url"
      case profileImageUrlHttps = "profile_image_url_https"
      case profileBannerUrl = "profile_banner_url"
      case profileLinkColor = "profile_link_color"
      case profileSidebarBorderColor = "profile_sidebar_border_color"
      case profileSidebarFillColor = "profile_sidebar_fill_color"
      case profileTextColor = "profile_text_color"
      case profileUseBackgroundImage = "profile_use_background_image"
      case defaultProfile = "default_profile"
      case defaultProfileImage = "default_profile_image"
      case following
      case followRequestSent = "follow_request_sent"
      case notifications
    }
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

    public enum CodingKeys: String, CodingKey {
      case url
      case expandedUrl = "expanded_url"
      case displayUrl = "display_url"
      case indices
    }
  }

  public struct Entities: Codable, Equatable {
    public var hashtags: [Hashtag]
    public var symbols: [Hashtag]
    public var urls: [URLEntity]
    public var userMentions: [UserMention]
    public var media: [Media]?

    public enum CodingKeys: String, CodingKey {
      case hashtags, symbols, urls
      case userMentions = "user_mentions"
      case media
    }
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

    public enum CodingKeys: String, CodingKey {
      case screenName = "screen_name"
      case name, id
      case idStr = "id_str"
      case indices
    }
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

    public enum CodingKeys: String, CodingKey {
      case id
      case idStr = "id_str"
      case indices
      case mediaUrl = "media_url"
      case mediaUrlHttps = "media_url_https"
      case url
      case displayUrl = "display_url"
      case expandedUrl = "expanded_url"
      case type, sizes
      case sourceStatusId = "source_status_id"
      case sourceStatusIdStr = "source_status_id_str"
    }
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

    public enum CodingKeys: String, CodingKey {
      case completedIn = "completed_in"
      case maxId = "max_id"
      case maxIdStr = "max_id_str"
      case nextResults = "next_results"
      case query
      case refreshUrl = "refresh_url"
      case count
      case sinceId = "since_id"
      case sinceIdStr = "since_id_str"
    }
  }
}
