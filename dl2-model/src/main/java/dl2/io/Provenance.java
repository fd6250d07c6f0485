package dl2.io;

import tools.jackson.databind.node.ObjectNode;

/**
 * The first field of every JSON result dl2 writes: which tool, version and commit wrote it, and in
 * which format, so that a file found later says where it came from and a reader can tell formats
 * apart. It is also how dl2 recognises a file it wrote itself before it replaces one.
 *
 * <pre>{@code
 * "dl2" : { "version" : "0.1.0", "commit" : "4247bd55909d…", "format" : "simulation", "format_version" : 1 }
 * }</pre>
 */
public final class Provenance {
  /** The field's name. */
  public static final String FIELD = "dl2";

  private Provenance() {}

  /** A new JSON object holding only the provenance of a file of {@code format}. */
  public static ObjectNode root(String format, int formatVersion) {
    ObjectNode root = Json.mapper().createObjectNode();
    BuildInfo build = BuildInfo.current();
    root.putObject(FIELD)
        .put("version", build.version())
        .put("commit", build.commit() + (build.dirty() ? "+dirty" : ""))
        .put("format", format)
        .put("format_version", formatVersion);
    return root;
  }

  /** {@code fields} after the provenance of {@code format}, in their order. */
  public static ObjectNode stamped(String format, int formatVersion, ObjectNode fields) {
    ObjectNode root = root(format, formatVersion);
    root.setAll(fields);
    return root;
  }

  /** The format named by a file's provenance, or "" when it has none. */
  public static String formatOf(tools.jackson.databind.JsonNode file) {
    tools.jackson.databind.JsonNode provenance = file.path(FIELD);
    return provenance.isObject() ? provenance.path("format").asString("") : "";
  }
}
