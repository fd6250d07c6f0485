package dl2.traces;

import dl2.model.JobType;
import dl2.speed.FittedOptimusSpeed;
import java.net.URISyntaxException;
import java.nio.file.Path;

/**
 * The hand-written source files under {@code src/test/resources/traces} and shared expectations.
 */
final class Fixtures {
  static final long SEED = 9973;

  private Fixtures() {}

  static Path resource(String name) {
    try {
      return Path.of(Fixtures.class.getResource("/traces/" + name).toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  static ConvertedTrace convert(TraceSource source, String resource) {
    return TraceConverter.convert(source, resource(resource), ConversionSettings.defaults(SEED));
  }

  /** Seconds × the type's epochs per second at w workers and w PSs (dl2-spec §3.2). */
  static double epochsAt(JobType type, int workers, double seconds) {
    return seconds
        * FittedOptimusSpeed.INSTANCE.samplesPerSecond(type, workers, workers)
        / type.epochSize();
  }
}
