import Foundation

/// The ``JSONReadable`` types that accept no array or object, so a container need not be decoded to refuse it.
protocol DocumentScalarReadable {}

extension String: DocumentScalarReadable {}

extension Bool: DocumentScalarReadable {}

extension Double: DocumentScalarReadable {}

extension Float: DocumentScalarReadable {}

extension Decimal: DocumentScalarReadable {}

extension JSONNumber: DocumentScalarReadable {}

extension Int: DocumentScalarReadable {}

extension Int8: DocumentScalarReadable {}

extension Int16: DocumentScalarReadable {}

extension Int32: DocumentScalarReadable {}

extension Int64: DocumentScalarReadable {}

extension UInt: DocumentScalarReadable {}

extension UInt8: DocumentScalarReadable {}

extension UInt16: DocumentScalarReadable {}

extension UInt32: DocumentScalarReadable {}

extension UInt64: DocumentScalarReadable {}

extension Optional: DocumentScalarReadable where Wrapped: DocumentScalarReadable {}
