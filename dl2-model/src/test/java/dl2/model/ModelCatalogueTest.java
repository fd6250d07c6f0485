package dl2.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ModelCatalogueTest {
  @Test
  void theBuiltInsKeepTheEnumsOrderNumbersOrdinalsAndNames() {
    JobType[] all = JobType.values();
    assertThat(all).hasSize(8);
    for (int k = 0; k < all.length; k++) {
      assertThat(all[k].ordinal()).isEqualTo(k);
      assertThat(all[k].number()).isEqualTo(k + 1);
      assertThat(JobType.ofNumber(k + 1)).isSameAs(all[k]);
      assertThat(all[k].builtIn()).isTrue();
    }
    assertThat(JobType.RESNET_50.name()).isEqualTo("RESNET_50");
    assertThat(JobType.CNN_TEXT_CLASSIFICATION.toString()).isEqualTo("CNN_TEXT_CLASSIFICATION");
    assertThat(JobType.DSSM.usesGpu()).isFalse();
    assertThat(JobType.WLM.demand(Task.BUNDLE)).isEqualTo(new Resources(4, 1));
    assertThat(ModelCatalogue.BUILT_IN.all()).containsExactly(all);
  }

  @Test
  void declaredModelsAreNumberedAfterTheBuiltInsAndFoundByName() {
    ModelCatalogue models =
        ModelCatalogue.BUILT_IN
            .declare("Bert-Base", 200, new Resources(4, 1), new Resources(2, 0))
            .declare("tabnet", 150, new Resources(2, 0), new Resources(1, 0));
    JobType bert = models.byModelName(" BERT-BASE ").orElseThrow();
    JobType tabnet = models.byModelName("tabnet").orElseThrow();
    assertThat(bert.number()).isEqualTo(9);
    assertThat(bert.ordinal()).isEqualTo(8);
    assertThat(bert.modelName()).isEqualTo("bert-base");
    assertThat(tabnet.number()).isEqualTo(10);
    assertThat(models.byModelName("resnet-50")).containsSame(JobType.RESNET_50);
    assertThat(models.byModelName("gpt")).isEmpty();
    assertThat(JobType.byModelName("bert-base")).isEmpty();
    assertThat(models.all()).hasSize(10).endsWith(bert, tabnet);
    assertThat(List.of(tabnet, bert, JobType.WLM).stream().sorted().toList())
        .containsExactly(JobType.WLM, bert, tabnet);
    assertThat(ModelCatalogue.BUILT_IN.declared()).isEmpty();
  }

  @Test
  void aNameIsDeclaredOnceAndNeverShadowsABuiltIn() {
    ModelCatalogue one =
        ModelCatalogue.BUILT_IN.declare("x", 1, new Resources(1, 0), new Resources(1, 0));
    assertThatThrownBy(() -> one.declare("X", 1, new Resources(1, 0), new Resources(1, 0)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("already known");
    assertThatThrownBy(() -> one.declare("vgg-16", 1, new Resources(1, 0), new Resources(1, 0)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("already known");
    assertThatThrownBy(() -> one.declare("a b", 1, new Resources(1, 0), new Resources(1, 0)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not a valid model name");
  }
}
