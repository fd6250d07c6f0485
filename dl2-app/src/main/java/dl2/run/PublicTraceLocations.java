package dl2.run;

import dl2.traces.data.TraceLocations;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * This process's {@link TraceLocations}: its environment ({@code DL2_DATA}, which the Java property
 * {@code dl2.data} overrides, {@code XDG_DATA_HOME}, {@code HOME}) and the installation ({@code
 * -Ddl2.home}, else the working directory), beside which {@code ../shared/traces} lies.
 */
public final class PublicTraceLocations {
  private PublicTraceLocations() {}

  public static TraceLocations current() {
    Map<String, String> env = new HashMap<>(System.getenv());
    String property = System.getProperty("dl2.data");
    if (property != null) {
      env.put("DL2_DATA", property);
    }
    return TraceLocations.of(env, Path.of(System.getProperty("dl2.home", ".")));
  }
}
