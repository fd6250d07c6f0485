package dl2.io;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.core.ErrorReportConfiguration;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.cfg.EnumFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * dl2's JSON (Jackson 3, the major version fabric8 uses), configured once: every JSON file the
 * tools write or read goes through these mappers. The files were first written with Jackson 2;
 * where Jackson 3 changed a default that touches them, the mapper keeps Jackson 2's, so that the
 * bytes written and the inputs accepted stay as they were (JsonTest pins the bytes).
 */
public final class Json {
  private static final JsonMapper MAPPER = build();
  private static final ObjectWriter PRETTY = MAPPER.writerWithDefaultPrettyPrinter();

  /**
   * How this mapper's errors name their (unquoted) source, e.g. {@code [Source:
   * (byte[])""[truncated 9 bytes]; }.
   */
  private static final Pattern SOURCE =
      Pattern.compile("\\[Source: \\([^)]*\\)(\"\"\\[truncated \\d+ (chars|bytes)\\])?; ");

  private static final String REDACTED_SOURCE =
      "[Source: REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled); ";
  private static final Pattern NO_COLUMN = Pattern.compile("(line: \\d+), column: 0\\]");

  private Json() {}

  private static JsonMapper build() {
    JsonFactory factory =
        JsonFactory.builder()
            // Errors locate the problem by line and column, as Jackson 2's did, and quote none of
            // the content.
            .enable(StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION)
            .errorReportConfiguration(
                ErrorReportConfiguration.builder().maxRawContentLength(0).build())
            .build();
    JsonMapper.Builder builder =
        JsonMapper.builder(factory)
            // Records' fields in declaration order, as every file so far has them (Jackson 3 sorts
            // by name).
            .disable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY)
            // Enums by name: a friendlier toString() must not change a file or stop one loading.
            .disable(EnumFeature.WRITE_ENUMS_USING_TO_STRING)
            .disable(EnumFeature.READ_ENUMS_USING_TO_STRING)
            // A misspelt field is an error (policy metadata), not something to skip.
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            // Whatever follows the first value is ignored, as Jackson 2 did: the same files load as
            // before.
            .disable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    // A number or flag that is null or missing is an error, not 0 or false (Jackson 2's
    // FAIL_ON_NULL_FOR_PRIMITIVES
    // did both; Jackson 3's fails on null only).
    for (Class<?> primitive :
        List.of(
            boolean.class,
            byte.class,
            short.class,
            int.class,
            long.class,
            float.class,
            double.class,
            char.class)) {
      builder.withConfigOverride(
          primitive, o -> o.setNullHandling(JsonSetter.Value.forValueNulls(Nulls.FAIL)));
    }
    return builder.build();
  }

  /** The mapper that reads JSON (trees and records) and builds trees; it writes compact JSON. */
  public static JsonMapper mapper() {
    return MAPPER;
  }

  /**
   * The writer of dl2's JSON files: two-space indents, {@code "key" : value}, arrays on one line.
   */
  public static ObjectWriter pretty() {
    return PRETTY;
  }

  /**
   * A syntax error's message in the words Jackson 2 used, which dl2's one-line errors have always
   * shown: "field name" for "property name", and the location as {@code [Source: REDACTED (...);
   * line: L, column: C]}, without a zero column.
   */
  public static String jackson2Words(String message) {
    if (message == null) {
      return null;
    }
    String located = SOURCE.matcher(message).replaceAll(Matcher.quoteReplacement(REDACTED_SOURCE));
    return NO_COLUMN.matcher(located).replaceAll("$1]").replace("property name", "field name");
  }

  /**
   * A tree value as a double the way Jackson 2 read it, so that "NaN" and "Infinity" (how JSON
   * files carry non-finite doubles) read back as such: numbers, numeric text, true as 1, else 0.
   */
  public static double number(JsonNode node) {
    if (node.isString()) {
      try {
        return Double.parseDouble(node.asString());
      } catch (NumberFormatException e) {
        return 0;
      }
    }
    if (node.isBoolean()) {
      return node.asBoolean() ? 1 : 0;
    }
    return node.asDouble(0);
  }
}
