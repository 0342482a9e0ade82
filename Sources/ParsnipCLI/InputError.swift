import Parsnip

/// An input that could not be read: a missing file, a directory, a permission problem. Exit status 2.
struct InputError: Error, Sendable, Equatable {
  /// The name of the input as the user wrote it.
  var name: String
  /// The system's reason, for example `No such file or directory`.
  var reason: String

  /// `cannot read 'NAME': REASON`.
  var message: String { "cannot read '\(name)': \(reason)" }
}

extension InputError {
  /// The error for a file the library could not read.
  init(_ error: FileReadError) { self.init(name: error.name, reason: error.reason) }
}
