package dl2.workload;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dl2.io.InputException;
import dl2.io.OutputPaths;
import java.io.IOException;
import java.nio.file.Path;

/** How input JSON files (e.g. Gavel's throughputs) are read; each problem is a one-line {@link InputException} naming the file. */
public final class JsonText {
  private JsonText() {}

  /** The file's JSON tree; null for an empty file. */
  public static JsonNode read(Path path) {
    String file = path.toString();
    byte[] bytes = OutputPaths.readInput(path);
    try {
      return new ObjectMapper().readTree(bytes);
    } catch (JacksonException e) {
      String message = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
      throw InputException.inFile(file, "is not valid JSON: " + message.lines().findFirst().orElse(""));
    } catch (IOException e) {
      throw InputException.inFile(file, "cannot be read: " + OutputPaths.reason(e));
    }
  }
}
