import BenchmarkModels
import Foundation
import Parsnip

/// `pipeline`: decode pipelines (`decode(T.init) |> .required(...)`) into the Codable benchmark's models (default
/// keys), beside Foundation's `JSONDecoder` and `ParsnipDecoder` decoding the same structs in the same rounds.
enum PipelineBenchmarks {
  struct Case {
    var name: String
    var file: String
    var decodePipeline: (Data) -> Any
    var decodeParsnip: (Data) throws -> Any
    var decodeFoundation: (Data) throws -> Any
    /// Whether the pipeline's value equals both Codable decoders' values.
    var verify: (Data) -> Bool
  }

  static func make<T: Decodable & Equatable>(_ pipeline: JSONDecoding<T>, name: String, file: String) -> Case {
    let parsnipDecoder = ParsnipDecoder()
    let foundationDecoder = JSONDecoder()
    func runPipeline(_ data: Data) -> T {
      switch decodeJSON(data, with: pipeline) {
      case .success(let value): return value
      case .failure(let error): fatalError("pipeline failed on \(file): \(error)")
      }
    }
    return Case(
      name: name, file: file,
      decodePipeline: { runPipeline($0) },
      decodeParsnip: { try parsnipDecoder.decode(T.self, from: $0) },
      decodeFoundation: { try foundationDecoder.decode(T.self, from: $0) },
      verify: { data in
        let value = runPipeline(data)
        return value == (try! parsnipDecoder.decode(T.self, from: data))
          && value == (try! foundationDecoder.decode(T.self, from: data))
      })
  }

  nonisolated(unsafe) static let cases: [Case] = [
    make(TwitterPipelines.response, name: "twitter.json", file: "twitter.json"),
    make(CITMPipelines.catalog, name: "citm_catalog.json", file: "citm_catalog.json"),
    make(CanadaPipelines.canada, name: "canada.json", file: "canada.json"),
  ]

  static func run(_ harness: Harness) {
    print("\n### Decode pipelines vs Foundation JSONDecoder and ParsnipDecoder (Codable), the same structs\n")
    print(
      "| file | JSONDecoder ms | ParsnipDecoder ms | pipeline ms | pipeline MB/s | pipeline vs JSONDecoder"
        + " | pipeline vs ParsnipDecoder |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for item in cases {
      guard let corpus = Corpus.all.first(where: { $0.name == item.file }) else { continue }
      let data = corpus.data
      // Once, outside the timing: a fast decoder that builds something else would measure nothing.
      guard item.verify(data) else {
        print("error: the pipeline's value for \(item.file) differs from the Codable decoders' value")
        exit(1)
      }
      let times = harness.compare(
        { blackHole(item.decodePipeline(data)) },
        baselines: [{ blackHole(try! item.decodeFoundation(data)) }, { blackHole(try! item.decodeParsnip(data)) }])
      let (foundation, parsnip) = (times[0], times[1])
      let mbps = Double(data.count) / foundation.parsnip / 1e6
      let ms = [foundation.baseline, parsnip.baseline, foundation.parsnip].map { format($0 * 1e3, digits: 2) }
      print(
        "| \(item.name) | \(ms[0]) | \(ms[1]) | \(ms[2]) | \(format(mbps)) | \(format(foundation.ratio, digits: 2))x"
          + " | \(format(parsnip.ratio, digits: 2))x |")
      fflush(nil)
    }
    print("\nRatios: the other decoder's time over the pipeline's, median of rounds (above 1: the pipeline is faster).")
  }
}

/// Pipelines for twitter.json into `Twitter` (the default-keys models).
///
/// `decode(_:)` takes functions of at most 12 parameters, and `Status` has 25 members and `User` 40: those decode
/// in parts, each part a pipeline into a tuple that reads its members from the same object (`custom`), and an
/// assembling function takes the parts.
enum TwitterPipelines {
  typealias Status = Twitter.Status
  typealias User = Twitter.User

  static let response: JSONDecoding<Twitter.Response> =
    decode(Twitter.Response.init)
    |> .required("statuses", .array(status))
    |> .required("search_metadata", searchMetadata)

  static let searchMetadata: JSONDecoding<Twitter.SearchMetadata> =
    decode(Twitter.SearchMetadata.init)
    |> .required("completed_in", .double)
    |> .required("max_id", .uint64)
    |> .required("max_id_str", .string)
    |> .required("next_results", .string)
    |> .required("query", .string)
    |> .required("refresh_url", .string)
    |> .required("count", .int)
    |> .required("since_id", .uint64)
    |> .required("since_id_str", .string)

  static let metadata: JSONDecoding<Twitter.Metadata> =
    decode(Twitter.Metadata.init)
    |> .required("result_type", .string)
    |> .required("iso_language_code", .string)

  // MARK: Status (25 members: three parts)

  typealias StatusHead = (
    metadata: Twitter.Metadata, createdAt: String, id: UInt64, idStr: String, text: String, source: String,
    truncated: Bool, inReplyToStatusId: UInt64?, inReplyToStatusIdStr: String?
  )
  typealias StatusMiddle = (
    inReplyToUserId: UInt64?, inReplyToUserIdStr: String?, inReplyToScreenName: String?, user: User, geo: String?,
    coordinates: String?, place: String?, contributors: String?
  )
  typealias StatusTail = (
    retweetedStatus: Indirect<Status>?, retweetCount: Int, favoriteCount: Int, entities: Twitter.Entities,
    favorited: Bool, retweeted: Bool, possiblySensitive: Bool?, lang: String
  )

  static let status: JSONDecoding<Status> =
    decode { (head: StatusHead, middle: StatusMiddle, tail: StatusTail) in
      Status(
        head.metadata, head.createdAt, head.id, head.idStr, head.text, head.source, head.truncated,
        head.inReplyToStatusId, head.inReplyToStatusIdStr, middle.inReplyToUserId, middle.inReplyToUserIdStr,
        middle.inReplyToScreenName, middle.user, middle.geo, middle.coordinates, middle.place, middle.contributors,
        tail.retweetedStatus, tail.retweetCount, tail.favoriteCount, tail.entities, tail.favorited, tail.retweeted,
        tail.possiblySensitive, tail.lang)
    }
    |> .custom(statusHead)
    |> .custom(statusMiddle)
    |> .custom(statusTail)

  static let statusHead: JSONDecoding<StatusHead> =
    decode {
      (
        a1: Twitter.Metadata, a2: String, a3: UInt64, a4: String, a5: String, a6: String, a7: Bool,
        a8: UInt64?, a9: String?
      ) -> StatusHead in (a1, a2, a3, a4, a5, a6, a7, a8, a9)
    }
    |> .required("metadata", metadata)
    |> .required("created_at", .string)
    |> .required("id", .uint64)
    |> .required("id_str", .string)
    |> .required("text", .string)
    |> .required("source", .string)
    |> .required("truncated", .bool)
    |> .optional("in_reply_to_status_id", .uint64)
    |> .optional("in_reply_to_status_id_str", .string)

  static let statusMiddle: JSONDecoding<StatusMiddle> =
    decode {
      (
        a1: UInt64?, a2: String?, a3: String?, a4: User, a5: String?, a6: String?, a7: String?, a8: String?
      )
        -> StatusMiddle in (a1, a2, a3, a4, a5, a6, a7, a8)
    }
    |> .optional("in_reply_to_user_id", .uint64)
    |> .optional("in_reply_to_user_id_str", .string)
    |> .optional("in_reply_to_screen_name", .string)
    |> .required("user", user)
    |> .optional("geo", .string)
    |> .optional("coordinates", .string)
    |> .optional("place", .string)
    |> .optional("contributors", .string)

  static let statusTail: JSONDecoding<StatusTail> =
    decode {
      (
        a1: Indirect<Status>?, a2: Int, a3: Int, a4: Twitter.Entities, a5: Bool, a6: Bool, a7: Bool?,
        a8: String
      ) -> StatusTail in (a1, a2, a3, a4, a5, a6, a7, a8)
    }
    // A retweet holds the status it retweets: the decoder refers to itself, so it is made when it runs.
    |> .optional("retweeted_status", JSONDecoding<Status>.lazy { status }.map { Indirect($0) })
    |> .required("retweet_count", .int)
    |> .required("favorite_count", .int)
    |> .required("entities", entities)
    |> .required("favorited", .bool)
    |> .required("retweeted", .bool)
    |> .optional("possibly_sensitive", .bool)
    |> .required("lang", .string)

  // MARK: User (40 members: four parts of 10)

  typealias UserPart1 = (
    id: UInt64, idStr: String, name: String, screenName: String, location: String, description: String,
    url: String?, entities: Twitter.UserEntities, protected: Bool, followersCount: Int
  )
  typealias UserPart2 = (
    friendsCount: Int, listedCount: Int, createdAt: String, favouritesCount: Int, utcOffset: Int?,
    timeZone: String?, geoEnabled: Bool, verified: Bool, statusesCount: Int, lang: String
  )
  typealias UserPart3 = (
    contributorsEnabled: Bool, isTranslator: Bool, isTranslationEnabled: Bool, profileBackgroundColor: String,
    profileBackgroundImageUrl: String, profileBackgroundImageUrlHttps: String, profileBackgroundTile: Bool,
    profileImageUrl: String, profileImageUrlHttps: String, profileBannerUrl: String?
  )
  typealias UserPart4 = (
    profileLinkColor: String, profileSidebarBorderColor: String, profileSidebarFillColor: String,
    profileTextColor: String, profileUseBackgroundImage: Bool, defaultProfile: Bool, defaultProfileImage: Bool,
    following: Bool, followRequestSent: Bool, notifications: Bool
  )

  static let user: JSONDecoding<User> =
    decode { (p1: UserPart1, p2: UserPart2, p3: UserPart3, p4: UserPart4) in
      User(
        p1.id, p1.idStr, p1.name, p1.screenName, p1.location, p1.description, p1.url, p1.entities, p1.protected,
        p1.followersCount, p2.friendsCount, p2.listedCount, p2.createdAt, p2.favouritesCount, p2.utcOffset, p2.timeZone,
        p2.geoEnabled, p2.verified, p2.statusesCount, p2.lang, p3.contributorsEnabled, p3.isTranslator,
        p3.isTranslationEnabled, p3.profileBackgroundColor, p3.profileBackgroundImageUrl,
        p3.profileBackgroundImageUrlHttps, p3.profileBackgroundTile, p3.profileImageUrl, p3.profileImageUrlHttps,
        p3.profileBannerUrl, p4.profileLinkColor, p4.profileSidebarBorderColor, p4.profileSidebarFillColor,
        p4.profileTextColor, p4.profileUseBackgroundImage, p4.defaultProfile, p4.defaultProfileImage, p4.following,
        p4.followRequestSent, p4.notifications)
    }
    |> .custom(userPart1)
    |> .custom(userPart2)
    |> .custom(userPart3)
    |> .custom(userPart4)

  static let userPart1: JSONDecoding<UserPart1> =
    decode {
      (
        a1: UInt64, a2: String, a3: String, a4: String, a5: String, a6: String, a7: String?,
        a8: Twitter.UserEntities, a9: Bool, a10: Int
      ) -> UserPart1 in (a1, a2, a3, a4, a5, a6, a7, a8, a9, a10)
    }
    |> .required("id", .uint64)
    |> .required("id_str", .string)
    |> .required("name", .string)
    |> .required("screen_name", .string)
    |> .required("location", .string)
    |> .required("description", .string)
    |> .optional("url", .string)
    |> .required("entities", userEntities)
    |> .required("protected", .bool)
    |> .required("followers_count", .int)

  static let userPart2: JSONDecoding<UserPart2> =
    decode {
      (
        a1: Int, a2: Int, a3: String, a4: Int, a5: Int?, a6: String?, a7: Bool, a8: Bool, a9: Int,
        a10: String
      ) -> UserPart2 in (a1, a2, a3, a4, a5, a6, a7, a8, a9, a10)
    }
    |> .required("friends_count", .int)
    |> .required("listed_count", .int)
    |> .required("created_at", .string)
    |> .required("favourites_count", .int)
    |> .optional("utc_offset", .int)
    |> .optional("time_zone", .string)
    |> .required("geo_enabled", .bool)
    |> .required("verified", .bool)
    |> .required("statuses_count", .int)
    |> .required("lang", .string)

  static let userPart3: JSONDecoding<UserPart3> =
    decode {
      (
        a1: Bool, a2: Bool, a3: Bool, a4: String, a5: String, a6: String, a7: Bool, a8: String, a9: String,
        a10: String?
      ) -> UserPart3 in (a1, a2, a3, a4, a5, a6, a7, a8, a9, a10)
    }
    |> .required("contributors_enabled", .bool)
    |> .required("is_translator", .bool)
    |> .required("is_translation_enabled", .bool)
    |> .required("profile_background_color", .string)
    |> .required("profile_background_image_url", .string)
    |> .required("profile_background_image_url_https", .string)
    |> .required("profile_background_tile", .bool)
    |> .required("profile_image_url", .string)
    |> .required("profile_image_url_https", .string)
    |> .optional("profile_banner_url", .string)

  static let userPart4: JSONDecoding<UserPart4> =
    decode {
      (
        a1: String, a2: String, a3: String, a4: String, a5: Bool, a6: Bool, a7: Bool, a8: Bool, a9: Bool,
        a10: Bool
      ) -> UserPart4 in (a1, a2, a3, a4, a5, a6, a7, a8, a9, a10)
    }
    |> .required("profile_link_color", .string)
    |> .required("profile_sidebar_border_color", .string)
    |> .required("profile_sidebar_fill_color", .string)
    |> .required("profile_text_color", .string)
    |> .required("profile_use_background_image", .bool)
    |> .required("default_profile", .bool)
    |> .required("default_profile_image", .bool)
    |> .required("following", .bool)
    |> .required("follow_request_sent", .bool)
    |> .required("notifications", .bool)

  // MARK: Entities

  static let userEntities: JSONDecoding<Twitter.UserEntities> =
    decode(Twitter.UserEntities.init)
    |> .required("description", urls)
    |> .optional("url", urls)

  static let urls: JSONDecoding<Twitter.URLs> =
    decode(Twitter.URLs.init)
    |> .required("urls", .array(urlEntity))

  static let urlEntity: JSONDecoding<Twitter.URLEntity> =
    decode(Twitter.URLEntity.init)
    |> .required("url", .string)
    |> .required("expanded_url", .string)
    |> .required("display_url", .string)
    |> .required("indices", .array(.int))

  static let entities: JSONDecoding<Twitter.Entities> =
    decode(Twitter.Entities.init)
    |> .required("hashtags", .array(hashtag))
    |> .required("symbols", .array(hashtag))
    |> .required("urls", .array(urlEntity))
    |> .required("user_mentions", .array(userMention))
    |> .optional("media", .array(media))

  static let hashtag: JSONDecoding<Twitter.Hashtag> =
    decode(Twitter.Hashtag.init)
    |> .required("text", .string)
    |> .required("indices", .array(.int))

  static let userMention: JSONDecoding<Twitter.UserMention> =
    decode(Twitter.UserMention.init)
    |> .required("screen_name", .string)
    |> .required("name", .string)
    |> .required("id", .uint64)
    |> .required("id_str", .string)
    |> .required("indices", .array(.int))

  static let media: JSONDecoding<Twitter.Media> =
    decode(Twitter.Media.init)
    |> .required("id", .uint64)
    |> .required("id_str", .string)
    |> .required("indices", .array(.int))
    |> .required("media_url", .string)
    |> .required("media_url_https", .string)
    |> .required("url", .string)
    |> .required("display_url", .string)
    |> .required("expanded_url", .string)
    |> .required("type", .string)
    |> .required("sizes", sizes)
    |> .optional("source_status_id", .uint64)
    |> .optional("source_status_id_str", .string)

  static let sizes: JSONDecoding<Twitter.Sizes> =
    decode(Twitter.Sizes.init)
    |> .required("medium", size)
    |> .required("small", size)
    |> .required("thumb", size)
    |> .required("large", size)

  static let size: JSONDecoding<Twitter.Size> =
    decode(Twitter.Size.init)
    |> .required("w", .int)
    |> .required("h", .int)
    |> .required("resize", .string)
}

/// Pipelines for citm_catalog.json into `CITMCatalog`.
enum CITMPipelines {
  typealias Catalog = CITMCatalog

  static let catalog: JSONDecoding<Catalog> =
    decode(Catalog.init)
    |> .required("areaNames", .dictionary(.string))
    |> .required("audienceSubCategoryNames", .dictionary(.string))
    |> .required("blockNames", .dictionary(.string))
    |> .required("events", .dictionary(event))
    |> .required("performances", .array(performance))
    |> .required("seatCategoryNames", .dictionary(.string))
    |> .required("subTopicNames", .dictionary(.string))
    |> .required("subjectNames", .dictionary(.string))
    |> .required("topicNames", .dictionary(.string))
    |> .required("topicSubTopics", .dictionary(.array(.int)))
    |> .required("venueNames", .dictionary(.string))

  static let event: JSONDecoding<Catalog.Event> =
    decode(Catalog.Event.init)
    |> .optional("description", .string)
    |> .required("id", .int)
    |> .optional("logo", .string)
    |> .required("name", .string)
    |> .required("subTopicIds", .array(.int))
    |> .optional("subjectCode", .string)
    |> .optional("subtitle", .string)
    |> .required("topicIds", .array(.int))

  static let performance: JSONDecoding<Catalog.Performance> =
    decode(Catalog.Performance.init)
    |> .required("eventId", .int)
    |> .required("id", .int)
    |> .optional("logo", .string)
    |> .optional("name", .string)
    |> .required("prices", .array(price))
    |> .required("seatCategories", .array(seatCategory))
    |> .optional("seatMapImage", .string)
    |> .required("start", .int)
    |> .required("venueCode", .string)

  static let price: JSONDecoding<Catalog.Price> =
    decode(Catalog.Price.init)
    |> .required("amount", .int)
    |> .required("audienceSubCategoryId", .int)
    |> .required("seatCategoryId", .int)

  static let seatCategory: JSONDecoding<Catalog.SeatCategory> =
    decode(Catalog.SeatCategory.init)
    |> .required("areas", .array(area))
    |> .required("seatCategoryId", .int)

  static let area: JSONDecoding<Catalog.Area> =
    decode(Catalog.Area.init)
    |> .required("areaId", .int)
    |> .required("blockIds", .array(.int))
}

/// Pipelines for canada.json into `Canada`.
enum CanadaPipelines {
  static let canada: JSONDecoding<Canada> =
    decode(Canada.init)
    |> .required("type", .string)
    |> .required("features", .array(feature))

  static let feature: JSONDecoding<Canada.Feature> =
    decode(Canada.Feature.init)
    |> .required("type", .string)
    |> .required("properties", .dictionary(.string))
    |> .required("geometry", geometry)

  static let geometry: JSONDecoding<Canada.Geometry> =
    decode(Canada.Geometry.init)
    |> .required("type", .string)
    |> .required("coordinates", .array(.array(.array(.double))))
}
