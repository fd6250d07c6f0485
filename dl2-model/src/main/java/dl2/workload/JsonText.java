package dl2.workload;

import dl2.io.InputException;
import dl2.io.Json;
import dl2.io.OutputPaths;
import java.nio.file.Path;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * How input JSON files (e.g. Gavel's throughputs) are read; each problem is a one-line {@link
 * InputException} naming the file.
 */
public final class JsonText {
  private JsonText() {}

  /** The file's JSON tree; a missing node for an empty file. */
  public static JsonNode read(Path path) {
    String file = path.toString();
    byte[] bytes = OutputPaths.readInput(path);
    try {
      return Json.mapper().readTree(bytes);
    } catch (JacksonException e) {
      String message =
          e.getOriginalMessage() == null ? "" : Json.jackson2Words(e.getOriginalMessage());
      throw InputException.inFile(
          file, "is not valid JSON: " + message.lines().findFirst().orElse(""));
    }
  }
}
