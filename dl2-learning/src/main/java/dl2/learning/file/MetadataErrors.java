package dl2.learning.file;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import java.util.stream.Collectors;

/** Jackson's errors about a policy file's JSON metadata in plain words: the field and the problem, no class names. */
final class MetadataErrors {
  private MetadataErrors() {}

  static String describe(Exception e) {
    Throwable cause = e;
    while (cause.getCause() != null && cause.getCause() != cause) {
      cause = cause.getCause();
    }
    String field = e instanceof JsonMappingException m ? path(m) : "";
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
    if (e instanceof JsonMappingException) {
      return where + "does not fit the policy metadata";
    }
    if (e instanceof JsonProcessingException) {
      return "not valid JSON";
    }
    return where + "unreadable";
  }

  private static String expected(Class<?> type) {
    if (type.isEnum()) {
      return "one of " + java.util.Arrays.stream(type.getEnumConstants())
          .map(Object::toString).collect(Collectors.joining(", "));
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

  private static String path(JsonMappingException e) {
    return e.getPath().stream()
        .map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
        .collect(Collectors.joining("."));
  }
}
