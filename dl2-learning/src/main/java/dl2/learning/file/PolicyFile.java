package dl2.learning.file;

import com.fasterxml.jackson.annotation.JsonInclude;
import dl2.io.AtomicFiles;
import dl2.io.InputException;
import dl2.io.Json;
import dl2.io.OutputPaths;
import dl2.learning.nn.Checkpoint;
import dl2.learning.nn.NetworkCodec;
import dl2.learning.nn.NetworkState;
import dl2.learning.speeds.SpeedMemory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import tools.jackson.core.JacksonException;

/**
 * A policy checkpoint (docs/checkpoint-format.md): the networks with their Adam state, written by
 * {@link NetworkCodec}, plus JSON metadata holding the {@link PolicySettings} and the {@link
 * TrainingInfo}. Files are written atomically; a bad file gives a one-line error.
 */
public record PolicyFile(
    PolicySettings settings,
    TrainingInfo training,
    NetworkState policy,
    Optional<NetworkState> value,
    SpeedMemory speeds) {
  public static final String FORMAT = "dl2-policy";
  public static final int METADATA_VERSION = 1;

  /** The version of files whose settings name a residual policy's base (docs/residual.md). */
  public static final int RESIDUAL_METADATA_VERSION = 2;

  private record Metadata(
      String format,
      int version,
      PolicySettings settings,
      TrainingInfo training,
      @JsonInclude(JsonInclude.Include.NON_NULL) SpeedMemory speeds) {}

  public PolicyFile {
    speeds = speeds == null ? SpeedMemory.EMPTY : speeds;
  }

  /** A policy without a speed memory (its observed speeds start from nothing). */
  public PolicyFile(
      PolicySettings settings,
      TrainingInfo training,
      NetworkState policy,
      Optional<NetworkState> value) {
    this(settings, training, policy, value, SpeedMemory.EMPTY);
  }

  public void save(Path file) {
    try {
      AtomicFiles.write(file, bytes());
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot write checkpoint " + file + ": " + OutputPaths.reason(e), e);
    }
  }

  /** The file's bytes, as {@link #save} writes them. */
  public byte[] bytes() {
    List<NetworkState> networks = new ArrayList<>();
    networks.add(policy);
    value.ifPresent(networks::add);
    try {
      String metadata =
          Json.pretty()
              .writeValueAsString(
                  new Metadata(
                      FORMAT,
                      settings.residual() == null ? METADATA_VERSION : RESIDUAL_METADATA_VERSION,
                      settings,
                      training,
                      speeds.isEmpty() ? null : speeds));
      return NetworkCodec.encode(metadata, networks);
    } catch (JacksonException e) {
      throw new IllegalStateException("cannot encode policy metadata", e);
    }
  }

  /**
   * Reads a policy file, checking every field of its metadata (settings within their limits,
   * training info) and that each network matches the settings.
   */
  public static PolicyFile load(Path file) {
    Checkpoint checkpoint = NetworkCodec.read(file);
    Metadata metadata;
    try {
      // Json's mapper rejects unknown fields and nulls for numbers and flags: every field is
      // checked.
      metadata = Json.mapper().readValue(checkpoint.metadata(), Metadata.class);
    } catch (JacksonException | IllegalArgumentException e) {
      throw InputException.inFile(
          file.toString(), "bad policy metadata: " + MetadataErrors.describe(e));
    }
    if (metadata == null) {
      throw InputException.inFile(
          file.toString(), "bad policy metadata: expected a JSON object, found null");
    }
    if (!FORMAT.equals(metadata.format())
        || metadata.version() < METADATA_VERSION
        || metadata.version() > RESIDUAL_METADATA_VERSION) {
      throw InputException.inFile(
          file.toString(),
          "not a "
              + FORMAT
              + " v"
              + METADATA_VERSION
              + " or v"
              + RESIDUAL_METADATA_VERSION
              + " file (metadata says "
              + metadata.format()
              + " v"
              + metadata.version()
              + ")");
    }
    if (metadata.settings() == null || metadata.training() == null) {
      throw InputException.inFile(
          file.toString(), "bad policy metadata: settings and training are required");
    }
    if ((metadata.settings().residual() != null)
        != (metadata.version() == RESIDUAL_METADATA_VERSION)) {
      throw InputException.inFile(
          file.toString(),
          "bad policy metadata: settings.residual is written in v"
              + RESIDUAL_METADATA_VERSION
              + " files and only there");
    }
    TrainingInfo training = metadata.training();
    if (training.step() < 0
        || training.phase() == null
        || training.preset() == null
        || training.teacher() == null) {
      throw InputException.inFile(
          file.toString(),
          "bad policy metadata: training needs phase, preset and teacher "
              + "strings and a step of at least 0");
    }
    PolicySettings settings = metadata.settings();
    NetworkState policy = checkpoint.network("policy", settings.policySpec());
    Optional<NetworkState> value =
        checkpoint.networks().stream().anyMatch(n -> n.name().equals("value"))
            ? Optional.of(
                checkpoint.network("value", settings.valueSpec(valueOutputs(checkpoint) != 1)))
            : Optional.empty();
    return new PolicyFile(settings, metadata.training(), policy, value, metadata.speeds());
  }

  private static int valueOutputs(Checkpoint checkpoint) {
    return checkpoint.networks().stream()
        .filter(n -> n.name().equals("value"))
        .findFirst()
        .orElseThrow()
        .network()
        .spec()
        .outputSize();
  }
}
