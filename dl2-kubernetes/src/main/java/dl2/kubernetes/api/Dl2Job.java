package dl2.kubernetes.api;

import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Version;

/**
 * The {@code DL2Job} custom resource (dl2.io/v1alpha1): one elastic parameter-server training job
 * that the DL2 controller resizes every slot. Schema: {@code deploy/crd.yaml}.
 */
@Group(Dl2Job.GROUP)
@Version(Dl2Job.VERSION)
@Kind("DL2Job")
@Plural("dl2jobs")
public final class Dl2Job extends CustomResource<Dl2JobSpec, Dl2JobStatus> implements Namespaced {
  public static final String GROUP = "dl2.io";
  public static final String VERSION = "v1alpha1";
  private static final long serialVersionUID = 1L;
}
