package dl2.learning.rl;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Which step a training run's last committed checkpoint holds, read while the run may be stopping.
 */
public final class CheckpointStep {
  private CheckpointStep() {}

  /**
   * The step of the last checkpoint committed in {@code outDir}, if any: read from the name of the
   * step directory the checkpoint link points at, so that nothing half-written is opened.
   */
  public static OptionalLong of(Path outDir) {
    return Checkpoints.directory(outDir)
        .current()
        .flatMap(CheckpointStep::realName)
        .filter(name -> name.matches("\\d+"))
        .map(name -> OptionalLong.of(Long.parseLong(name)))
        .orElse(OptionalLong.empty());
  }

  private static Optional<String> realName(Path dir) {
    try {
      return Optional.of(dir.toRealPath().getFileName().toString());
    } catch (IOException e) {
      return Optional.empty();
    }
  }
}
