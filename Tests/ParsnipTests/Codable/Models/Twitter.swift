// Models for `twitter.json` (Twitter search API, 100 statuses) decoded with the default key strategy:
// Swift names in camelCase, `CodingKeys` naming the snake_case members. Shared with the Codable benchmarks.

/// A reference box so a status can hold the status it retweets.
final class Indirect<Value: Codable & Equatable>: Codable, Equatable {
  let value: Value
  init(_ value: Value) { self.value = value }
  init(from decoder: Decoder) throws { value = try Value(from: decoder) }
  func encode(to encoder: Encoder) throws { try value.encode(to: encoder) }
  static func == (lhs: Indirect, rhs: Indirect) -> Bool { lhs.value == rhs.value }
}

enum Twitter {
  struct Response: Codable, Equatable {
    var statuses: [Status]
    var searchMetadata: SearchMetadata

    enum CodingKeys: String, CodingKey {
      case statuses
      case searchMetadata = "search_metadata"
    }
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

    enum CodingKeys: String, CodingKey {
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

  struct Metadata: Codable, Equatable {
    var resultType: String
    var isoLanguageCode: String

    enum CodingKeys: String, CodingKey {
      case resultType = "result_type"
      case isoLanguageCode = "iso_language_code"
    }
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

    enum CodingKeys: String, CodingKey {
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

    enum CodingKeys: String, CodingKey {
      case url
      case expandedUrl = "expanded_url"
      case displayUrl = "display_url"
      case indices
    }
  }

  struct Entities: Codable, Equatable {
    var hashtags: [Hashtag]
    var symbols: [Hashtag]
    var urls: [URLEntity]
    var userMentions: [UserMention]
    var media: [Media]?

    enum CodingKeys: String, CodingKey {
      case hashtags, symbols, urls
      case userMentions = "user_mentions"
      case media
    }
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

    enum CodingKeys: String, CodingKey {
      case screenName = "screen_name"
      case name, id
      case idStr = "id_str"
      case indices
    }
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

    enum CodingKeys: String, CodingKey {
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

    enum CodingKeys: String, CodingKey {
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
