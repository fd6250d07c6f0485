package dl2.kubernetes.controller;

import dl2.io.InputException;
import dl2.kubernetes.api.ClusterApi;
import dl2.kubernetes.api.ControllerState;
import dl2.kubernetes.api.FailureMessage;
import dl2.kubernetes.api.ServerVersion;
import dl2.kubernetes.driver.DriverKind;
import dl2.kubernetes.driver.VolcanoDriver;
import io.fabric8.kubernetes.api.model.ListOptionsBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;

/**
 * What the controller checks before its first slot, so that a cluster it cannot serve is refused in
 * one line (exit code 2) instead of failing every slot: the server is recent enough for the driver,
 * Volcano is installed for the volcano driver, and the namespace's slots have the configured
 * length.
 */
final class StartChecks {
  private StartChecks() {}

  static void check(KubernetesClient client, ControllerConfig config, DriverKind driver) {
    ServerVersion version;
    try {
      version = ServerVersion.of(client.getKubernetesVersion());
    } catch (KubernetesClientException | IllegalArgumentException e) {
      throw new InputException(
          "cannot read the server's Kubernetes version (GET /version): " + FailureMessage.of(e));
    }
    driver.requireServer(version);
    if (driver == DriverKind.VOLCANO) {
      requireVolcano(client, config.namespace());
    }
    ControllerState stored;
    try {
      stored =
          new ClusterApi(
                  client,
                  config.namespace(),
                  new dl2.kubernetes.api.ApiRetry(1, java.time.Duration.ZERO))
              .controllerState()
              .storedState();
    } catch (KubernetesClientException e) {
      throw new InputException(
          "cannot read the ConfigMap " + ClusterApi.STATE_CONFIG_MAP + ": " + FailureMessage.of(e));
    }
    if (stored != null
        && stored.slotSeconds() != null
        && stored.slotSeconds() != config.slotSeconds()) {
      throw new InputException(slotLengthMismatch(stored.slotSeconds(), config.slotSeconds()));
    }
  }

  private static void requireVolcano(KubernetesClient client, String namespace) {
    try {
      client
          .genericKubernetesResources(VolcanoDriver.VCJOBS)
          .inNamespace(namespace)
          .list(new ListOptionsBuilder().withLimit(1L).build());
    } catch (KubernetesClientException e) {
      if (e.getCode() == 404) {
        throw new InputException(
            "--driver volcano needs Volcano, and this server has no Volcano Jobs "
                + "(batch.volcano.sh/v1alpha1): install Volcano first, or choose another --driver");
      }
      if (e.getCode() == 403) {
        throw new InputException(
            "forbidden: this account may not list Volcano Jobs in namespace "
                + namespace
                + " (see the batch.volcano.sh rule of deploy/rbac.yaml)");
      }
      throw new InputException("cannot list Volcano Jobs: " + FailureMessage.of(e));
    }
  }

  /**
   * Why slots of another length are refused: every slot number (arrivals, completions) would change
   * its unit.
   */
  static String slotLengthMismatch(int stored, int configured) {
    return "the slots of this namespace last "
        + stored
        + " s (ConfigMap "
        + ClusterApi.STATE_CONFIG_MAP
        + "), not --slot-seconds "
        + configured
        + ": keep "
        + stored
        + ", or delete the ConfigMap to count slots afresh";
  }
}
