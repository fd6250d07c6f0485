package dl2.learning.file;

import java.util.stream.Collectors;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DatabindException;
import tools.jackson.databind.exc.InvalidFormatException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;

/**
 * Jackson's errors about a policy file's JSON metadata in plain words: the field and the problem,
 * no class names.
 */
final class MetadataErrors {
  private MetadataErrors() {}

  static String describe(Exception e) {
    Throwable cause = e;
    while (cause.getCause() != null && cause.getCause() != cause) {
      cause = cause.getCause();
    }
    String field = e instanceof JacksonException j ? path(j) : "";
    String where = field.isEmpty() ? "" : "field '" + field + "': ";
    if (cause instanceof IllegalArgumentException && cause != e) {
      return where + cause.getMessage();
    }
    if (e instanceof UnrecognizedPropertyException u) {
      return "unknown field '" + (field.isEmpty() ? u.getPropertyName() : field) + "'";
    }
    if (e instanceof InvalidFormatException f) {
      return where + "'" + f.getValue() + "' is not " + expected(f.getTargetType());
    }
    if (e instanceof MismatchedInputException) {
      return where + "missing, null or of the wrong type";
    }
    // A syntax error inside a field carries its path (Jackson 2 wrapped it in a mapping error): the
    // field is named.
    if (e instanceof DatabindException || !field.isEmpty()) {
      return where + "does not fit the policy metadata";
    }
    if (e instanceof JacksonException) {
      return "not valid JSON";
    }
    return where + "unreadable";
  }

  private static String expected(Class<?> type) {
    if (type.isEnum()) {
      return "one of "
          + java.util.Arrays.stream(type.getEnumConstants())
              .map(Object::toString)
              .collect(Collectors.joining(", "));
    }
    if (type == boolean.class || type == Boolean.class) {
      return "true or false";
    }
    if (type == int.class || type == Integer.class || type == long.class || type == Long.class) {
      return "an integer in range";
    }
    if (type == double.class || type == Double.class) {
      return "a number";
    }
    return "a valid value";
  }

  private static String path(JacksonException e) {
    return e.getPath().stream()
        .map(r -> r.getPropertyName() != null ? r.getPropertyName() : "[" + r.getIndex() + "]")
        .collect(Collectors.joining("."));
  }
}
