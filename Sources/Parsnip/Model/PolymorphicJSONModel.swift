import Foundation

/// A model whose JSON carries its type's name under a class key, so that decoding can pick the concrete type.
///
/// Conform a class hierarchy's base class; the configuration's ``JSONModelConfiguration/classKey`` (default
/// `"_class"`) is written first in every instance's JSON with the dynamic type's name (``JSONModel/modelName`` or
/// the name it was registered under). When the model layer decodes a property, array element or dictionary value
/// whose declared type is a polymorphic class, it reads the class key, finds the type in the configuration's
/// ``JSONModelConfiguration/registry`` and decodes that subclass. For protocol-typed values, use ``Polymorphic``.
///
/// ```swift
/// class Animal: PolymorphicJSONModel { var name = "" }
/// final class Dog: Animal { var barks = true  /* with init(from:) and encode(to:) calling super */ }
/// var configuration = JSONModelConfiguration()
/// configuration.registry = [Animal.self, Dog.self]
/// let pets = try [Animal](json: [["_class": "Dog", "name": "Rex", "barks": true]], configuration: configuration)
/// pets[0] is Dog  // → true
/// ```
public protocol PolymorphicJSONModel: JSONModel {}
