package dl2.cli;

import dl2.io.InputException;
import dl2.kubernetes.api.GpuTypeLabel;
import dl2.kubernetes.controller.ControllerConfig;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import picocli.CommandLine.Option;

/**
 * How the controller treats NotReady nodes, which label gives a node's GPU type, and where it
 * serves its metrics (docs/kubernetes.md).
 */
public final class ControllerOptions {
  /**
   * A grace period of more than a day is a mistake: the pods of a dead node would wait that long.
   */
  static final int MAX_GRACE_SECONDS = 86_400;

  @Option(
      names = "--not-ready-grace",
      paramLabel = "SECONDS",
      description =
          "How long a node may be NotReady before its pods move elsewhere; meanwhile it keeps them and takes "
              + "no new one, and a zone NotReady as a whole moves nothing (default: 300, Kubernetes' own; 0 moves them at once).")
  Integer notReadyGrace;

  @Option(
      names = "--gpu-label",
      paramLabel = "KEY",
      description =
          "The node label a node's GPU type is read from, e.g. Tesla-V100-SXM2-16GB as v100 (default: "
              + GpuTypeLabel.DEFAULT_KEY
              + ", NVIDIA GPU feature discovery's; an unknown value or no label: the default type).")
  String gpuLabel;

  @Option(
      names = "--metrics-port",
      paramLabel = "PORT",
      description = "Serve Prometheus metrics on http://ADDRESS:PORT/metrics (default: off).")
  Integer metricsPort;

  @Option(
      names = "--metrics-bind-address",
      paramLabel = "ADDRESS",
      description =
          "With --metrics-port: the address to serve the metrics on, e.g. 127.0.0.1 (default: every interface).")
  String metricsAddress;

  /** The grace period for NotReady nodes; a bad value is a one-line input error. */
  Duration grace() {
    if (notReadyGrace == null) {
      return ControllerConfig.DEFAULT_NOT_READY_GRACE;
    }
    if (notReadyGrace < 0 || notReadyGrace > MAX_GRACE_SECONDS) {
      throw new InputException(
          "--not-ready-grace must be 0.." + MAX_GRACE_SECONDS + " seconds: " + notReadyGrace);
    }
    return Duration.ofSeconds(notReadyGrace);
  }

  /** The label of nodes' GPU types; a key with spaces is a one-line input error. */
  GpuTypeLabel gpuTypeLabel() {
    if (gpuLabel == null) {
      return GpuTypeLabel.DEFAULT;
    }
    if (gpuLabel.isBlank() || gpuLabel.chars().anyMatch(Character::isWhitespace)) {
      throw new InputException(
          "--gpu-label must be a label key without spaces: '" + gpuLabel + "'");
    }
    return new GpuTypeLabel(gpuLabel);
  }

  /** The metrics' port (null: no metrics); a bad one is a one-line input error. */
  Integer metricsPort() {
    if (metricsPort != null && (metricsPort < 0 || metricsPort > 65535)) {
      throw new InputException("--metrics-port must be 0..65535: " + metricsPort);
    }
    return metricsPort;
  }

  /** The metrics' address (null: every interface), checked against the port. */
  String metricsAddress() {
    if (metricsAddress == null) {
      return null;
    }
    if (metricsPort == null) {
      throw new InputException("--metrics-bind-address needs --metrics-port");
    }
    try {
      InetAddress.getByName(metricsAddress);
    } catch (UnknownHostException e) {
      throw new InputException(
          "--metrics-bind-address " + metricsAddress + ": not an address of this host");
    }
    return metricsAddress;
  }
}
