package dl2.kubernetes.api;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.time.Instant;

/**
 * The controller's state ({@link ControllerState}) as the namespace keeps it, in the ConfigMap
 * {@link ClusterApi#STATE_CONFIG_MAP}: read, created by the first controller, and patched.
 */
public final class ControllerStateStore {
  private final ClusterApi api;

  ControllerStateStore(ClusterApi api) {
    this.api = api;
  }

  /**
   * The controller's state ({@link ControllerState}); the first controller to run records {@code
   * now} as the origin of slot 0, with its slot length and driver.
   */
  public ControllerState state(Instant now, int slotSeconds, String driver) {
    ConfigMap existing = stateConfigMap();
    if (existing == null) {
      ConfigMap state =
          new ConfigMapBuilder()
              .withNewMetadata()
              .withName(ClusterApi.STATE_CONFIG_MAP)
              .withNamespace(api.namespace())
              .addToLabels(Labels.MANAGED_BY, Labels.CONTROLLER)
              .endMetadata()
              .withData(new ControllerState(now, slotSeconds, driver).data())
              .build();
      api.create(state);
      existing = stateConfigMap(); // another replica may have created it first
    }
    return ControllerState.of(existing.getData());
  }

  /** The state as stored, or null before any controller ran. */
  public ControllerState storedState() {
    ConfigMap existing = stateConfigMap();
    return existing == null ? null : ControllerState.of(existing.getData());
  }

  private ConfigMap stateConfigMap() {
    return api.retry()
        .call(
            () ->
                api.client()
                    .configMaps()
                    .inNamespace(api.namespace())
                    .withName(ClusterApi.STATE_CONFIG_MAP)
                    .get());
  }

  /** Records the slot length of a state that lacks it (an older controller's). */
  public void recordSlotSeconds(int slotSeconds) {
    patchState(ControllerState.SLOT_SECONDS, Integer.toString(slotSeconds));
  }

  /** Records that {@code driver} now manages the namespace's objects. */
  public void recordDriver(String driver) {
    patchState(ControllerState.DRIVER, driver);
  }

  private void patchState(String key, String value) {
    String patch = "{\"data\":{\"" + key + "\":\"" + value + "\"}}";
    api.write(
        () ->
            api.client()
                .configMaps()
                .inNamespace(api.namespace())
                .withName(ClusterApi.STATE_CONFIG_MAP)
                .patch(PatchContext.of(PatchType.JSON_MERGE), patch));
  }
}
