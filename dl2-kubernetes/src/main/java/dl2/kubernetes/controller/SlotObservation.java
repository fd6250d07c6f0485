package dl2.kubernetes.controller;

import dl2.kubernetes.api.ClusterApi;
import dl2.kubernetes.api.ControllerState;
import dl2.kubernetes.api.NodeInventory;
import dl2.kubernetes.api.ObservedJob;
import dl2.kubernetes.driver.RunningTask;
import dl2.kubernetes.driver.ScalingDriver;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.TreeMap;

/**
 * What one slot reads of the cluster before it decides, the first of observe, decide, apply,
 * report: the state kept in the namespace (the origin of slot 0, the slot length, the driver), the
 * slot to run, the nodes in use, every DL2Job, and the tasks each job runs as the slot starts
 * (dl2-spec §11).
 *
 * @param slot the slot run: the one the clock is in, or the one the loop asks for if that is
 *     earlier
 * @param running each job's running tasks, by job name
 */
record SlotObservation(
    Instant now,
    ControllerState state,
    int slot,
    NodeInventory nodes,
    List<ObservedJob> jobs,
    Map<String, List<RunningTask>> running) {
  static SlotObservation of(
      ClusterApi api,
      ControllerConfig config,
      ScalingDriver driver,
      String driverName,
      Instant now,
      OptionalInt asked) {
    ControllerState state = api.controllerState().state(now, config.slotSeconds(), driverName);
    if (state.slotSeconds() == null) {
      api.controllerState().recordSlotSeconds(config.slotSeconds()); // an older controller's state
    } else if (state.slotSeconds() != config.slotSeconds()) {
      throw new IllegalStateException(
          StartChecks.slotLengthMismatch(state.slotSeconds(), config.slotSeconds()));
    }
    int current =
        (int) Math.floor(Admission.slotsBetween(state.origin(), now, config.slotSeconds()));
    int slot = asked.isPresent() ? Math.min(asked.getAsInt(), current) : current;
    NodeInventory nodes =
        NodeInventory.of(
            api.nodes(), config.tolerations(), now, config.notReadyGrace(), config.gpuTypeLabel());
    List<ObservedJob> jobs = api.jobs();
    Map<String, List<RunningTask>> running = new TreeMap<>();
    for (RunningTask task : driver.running()) {
      running.computeIfAbsent(task.job(), j -> new ArrayList<>()).add(task);
    }
    return new SlotObservation(now, state, slot, nodes, jobs, running);
  }

  Instant origin() {
    return state.origin();
  }
}
