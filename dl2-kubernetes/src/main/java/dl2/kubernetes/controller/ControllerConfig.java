package dl2.kubernetes.controller;

import dl2.kubernetes.api.GpuTypeLabel;
import dl2.kubernetes.api.TaintToleration;
import dl2.speed.SpeedModel;
import java.time.Duration;
import java.util.List;

/**
 * How the controller runs.
 *
 * @param namespace where the DL2Jobs, their pods and the controller's state live
 * @param slotSeconds T: the slot length, 1200 s in the paper; seconds for a demo
 * @param taskCap C: at most C workers and C parameter servers per job (each job may ask for less)
 * @param speed the speed estimates behind schedulers' dry runs (Optimus)
 * @param tolerations the node taints the controller's pods tolerate: a node with a NoSchedule or
 *     NoExecute taint outside them is not used
 * @param notReadyGrace how long a node may be NotReady before its pods move (meanwhile it keeps
 *     them and takes no new one); zero moves them at once
 * @param gpuTypeLabel the node label a node's GPU type is read from ({@link
 *     GpuTypeLabel#DEFAULT_KEY} by default)
 */
public record ControllerConfig(
    String namespace,
    int slotSeconds,
    int taskCap,
    SpeedModel speed,
    List<TaintToleration> tolerations,
    Duration notReadyGrace,
    GpuTypeLabel gpuTypeLabel) {
  public static final int DEFAULT_SLOT_SECONDS = 1200;

  /**
   * Kubernetes' own default before it evicts the pods of a NotReady node (the not-ready and
   * unreachable tolerations' 300 s).
   */
  public static final Duration DEFAULT_NOT_READY_GRACE = Duration.ofSeconds(300);

  /**
   * Limits: a slot of more than a day, or more than 1024 tasks of one role per job, is a mistake.
   */
  public static final int MAX_SLOT_SECONDS = 86_400;

  public static final int MAX_TASK_CAP = 1024;

  public ControllerConfig {
    if (slotSeconds < 1 || slotSeconds > MAX_SLOT_SECONDS) {
      throw new IllegalArgumentException(
          "the slot must last at least 1 s and at most a day: " + slotSeconds);
    }
    if (taskCap < 1 || taskCap > MAX_TASK_CAP) {
      throw new IllegalArgumentException(
          "the task cap must be 1.." + MAX_TASK_CAP + ": " + taskCap);
    }
    tolerations = List.copyOf(tolerations);
    if (notReadyGrace.isNegative()) {
      throw new IllegalArgumentException(
          "the NotReady grace period cannot be negative: " + notReadyGrace);
    }
    java.util.Objects.requireNonNull(gpuTypeLabel, "gpuTypeLabel"); // a programming error
  }

  /** GPU types read from {@link GpuTypeLabel#DEFAULT_KEY}. */
  public ControllerConfig(
      String namespace,
      int slotSeconds,
      int taskCap,
      SpeedModel speed,
      List<TaintToleration> tolerations,
      Duration notReadyGrace) {
    this(namespace, slotSeconds, taskCap, speed, tolerations, notReadyGrace, GpuTypeLabel.DEFAULT);
  }

  /** With the default grace period for NotReady nodes ({@link #DEFAULT_NOT_READY_GRACE}). */
  public ControllerConfig(
      String namespace,
      int slotSeconds,
      int taskCap,
      SpeedModel speed,
      List<TaintToleration> tolerations) {
    this(namespace, slotSeconds, taskCap, speed, tolerations, DEFAULT_NOT_READY_GRACE);
  }

  /**
   * With the standard tolerations: GPU nodes' taint and DL2's dedicated nodes' ({@link
   * TaintToleration#STANDARD}).
   */
  public ControllerConfig(String namespace, int slotSeconds, int taskCap, SpeedModel speed) {
    this(namespace, slotSeconds, taskCap, speed, TaintToleration.STANDARD);
  }
}
