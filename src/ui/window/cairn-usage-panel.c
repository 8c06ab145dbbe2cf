/* cairn-usage-panel.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-usage-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "window/cairn-usage-panel.h"
#include "protocol/cairn-util.h"
#include "session/cairn-model-usage.h"

/* The popover of the header's context meter and cost: what fills the
 * context window (asked from the CLI each time the popover opens, like
 * its /context), and what each model has cost the conversation. */
struct _CairnUsagePanel
{
  GtkWidget     parent_instance;

  GtkLabel     *context_label;
  GtkListBox   *context_list;
  GtkLabel     *cost_label;
  GtkListBox   *model_list;
  GtkLabel     *limits_label;
  GtkListBox   *limits_list;

  CairnSession *session;
  GCancellable *asking;
};

G_DEFINE_FINAL_TYPE (CairnUsagePanel, cairn_usage_panel, GTK_TYPE_WIDGET)

static GtkWidget *
figure_row (const char *name,
            const char *figure)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *name_label = gtk_label_new (name);
  GtkWidget *figure_label = gtk_label_new (figure);
  g_autofree char *accessible = g_strdup_printf ("%s: %s", name, figure);

  g_object_set (box, "margin-start", 6, "margin-end", 6, "margin-top", 4, "margin-bottom", 4, NULL);
  gtk_label_set_xalign (GTK_LABEL (name_label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (name_label), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (name_label, TRUE);
  gtk_widget_add_css_class (figure_label, "numeric");
  gtk_widget_add_css_class (figure_label, "dim-label");
  gtk_box_append (GTK_BOX (box), name_label);
  gtk_box_append (GTK_BOX (box), figure_label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (box), GTK_ACCESSIBLE_PROPERTY_LABEL, accessible, -1);
  return box;
}

static void
clear_list (GtkListBox *list)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (list))) != NULL)
    gtk_list_box_remove (list, child);
}

/* "7,044", grouped as the locale groups digits */
static char *
format_count (gint64 count)
{
  return g_strdup_printf ("%'" G_GINT64_FORMAT, count);
}

static char *
format_tokens (gint64 tokens)
{
  g_autofree char *count = format_count (tokens);

  /* Translators: a number of tokens, such as "7,044 tokens" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s token", "%s tokens",
                                       (gulong)MIN (tokens, G_MAXINT32)), count);
}

static void
show_context (CairnUsagePanel   *self,
              CairnContextUsage *usage)
{
  g_autofree char *summary = NULL;
  g_autofree char *total = format_count (usage->total_tokens);
  g_autofree char *max = format_count (usage->max_tokens);

  clear_list (self->context_list);
  for (guint i = 0; i < usage->categories->len; i++)
    {
      CairnContextCategory *category = g_ptr_array_index (usage->categories, i);
      g_autofree char *tokens = format_tokens (category->tokens);
      /* deferred tools are known to Claude but not loaded into the window */
      g_autofree char *figure = g_strcmp0 (category->kind, "deferred") == 0
        ? g_strdup_printf (_("%s, not loaded"), tokens) : g_strdup (tokens);

      gtk_list_box_append (self->context_list, figure_row (category->name, figure));
    }
  /* Translators: "11,104 of 1,000,000 tokens (1%)" */
  summary = g_strdup_printf (_("%s of %s tokens (%.0f%%)"), total, max,
                             usage->max_tokens > 0 ? 100.0 * usage->total_tokens / usage->max_tokens : 0.0);
  gtk_label_set_label (self->context_label, summary);
  gtk_widget_set_visible (GTK_WIDGET (self->context_list), usage->categories->len > 0);
}

static void
context_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(CairnUsagePanel) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(CairnContextUsage) usage =
    cairn_session_get_context_usage_finish (CAIRN_SESSION (object), result, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (usage == NULL)
    {
      gtk_label_set_label (self->context_label, error->message);
      return;
    }
  if (usage->max_tokens <= 0 && usage->categories->len == 0)
    {
      gtk_label_set_label (self->context_label, _("Claude Code gave no breakdown"));
      return;
    }
  show_context (self, usage);
}

static void
show_costs (CairnUsagePanel *self)
{
  GListModel *models = self->session ? cairn_session_get_model_usage (self->session) : NULL;
  g_autofree char *total = cairn_format_cost (self->session ? cairn_session_get_cost_usd (self->session) : 0);
  g_autofree char *summary = g_strdup_printf (_("This conversation has cost %s"), total);

  gtk_label_set_label (self->cost_label, summary);
  clear_list (self->model_list);
  for (guint i = 0; models != NULL && i < g_list_model_get_n_items (models); i++)
    {
      g_autoptr(CairnModelUsage) usage = g_list_model_get_item (models, i);
      g_autofree char *cost = cairn_format_cost (cairn_model_usage_get_cost_usd (usage));
      g_autofree char *in = format_count (cairn_model_usage_get_input_tokens (usage));
      g_autofree char *out = format_count (cairn_model_usage_get_output_tokens (usage));
      /* Translators: cost, then tokens in and out: "$0.0023 · 100 in, 93 out" */
      g_autofree char *figure = g_strdup_printf (_("%s · %s in, %s out"), cost, in, out);

      gtk_list_box_append (self->model_list, figure_row (cairn_model_usage_get_model (usage), figure));
    }
  gtk_widget_set_visible (GTK_WIDGET (self->model_list), models != NULL && g_list_model_get_n_items (models) > 0);
}

static char *
describe_window (const CairnLimitWindow *window)
{
  g_autofree char *reset = cairn_format_reset_time (window->resets_at);

  if (window->utilization < 0)
    return reset ? g_strdup_printf (_("resets %s"), reset) : NULL;
  if (reset == NULL)
    return g_strdup_printf (_("%.0f%% used"), window->utilization * 100);
  /* Translators: "85% used · resets 14:30" */
  return g_strdup_printf (_("%.0f%% used · resets %s"), window->utilization * 100, reset);
}

/**
 * cairn_usage_panel_describe_five_hour:
 *
 * Returns: (nullable): the plan's 5-hour window as the CLI last said it
 */
char *
cairn_usage_panel_describe_five_hour (const CairnRateLimits *limits)
{
  return limits && limits->status != CAIRN_LIMIT_UNKNOWN ? describe_window (&limits->five_hour) : NULL;
}

/**
 * cairn_usage_panel_describe_limits:
 *
 * Returns: (nullable): what the header says when the plan's limits are
 *   near ("5-hour limit 85%") or reached, else %NULL
 */
char *
cairn_usage_panel_describe_limits (const CairnRateLimits *limits)
{
  const CairnLimitWindow *windows[] = { &limits->five_hour, &limits->seven_day };
  guint worst = limits->seven_day.utilization > limits->five_hour.utilization;

  if (limits->status == CAIRN_LIMIT_REJECTED)
    return g_strdup (_("Usage limit reached"));
  if (limits->status != CAIRN_LIMIT_WARNING && windows[worst]->utilization < 0.8)
    return NULL;
  if (windows[worst]->utilization < 0)
    return g_strdup (_("Near the usage limit"));
  if (worst == 0)
    return g_strdup_printf (_("5-hour limit %.0f%%"), windows[worst]->utilization * 100);
  return g_strdup_printf (_("Weekly limit %.0f%%"), windows[worst]->utilization * 100);
}

static void
show_limits (CairnUsagePanel *self)
{
  const CairnRateLimits *limits = self->session ? cairn_session_get_rate_limits (self->session) : NULL;
  g_autofree char *five_hour = limits ? describe_window (&limits->five_hour) : NULL;
  g_autofree char *seven_day = limits ? describe_window (&limits->seven_day) : NULL;
  g_autofree char *headline = limits ? cairn_usage_panel_describe_limits (limits) : NULL;

  clear_list (self->limits_list);
  if (five_hour != NULL)
    gtk_list_box_append (self->limits_list, figure_row (_("5-hour window"), five_hour));
  if (seven_day != NULL)
    gtk_list_box_append (self->limits_list, figure_row (_("Weekly window"), seven_day));
  gtk_widget_set_visible (GTK_WIDGET (self->limits_list), five_hour != NULL || seven_day != NULL);
  if (limits == NULL || limits->status == CAIRN_LIMIT_UNKNOWN)
    gtk_label_set_label (self->limits_label, _("Claude Code reports the plan's limits when signed in "
                                               "with a Claude subscription."));
  else
    gtk_label_set_label (self->limits_label, headline ? headline : _("Within the plan's limits"));
}

/* Fresh figures each time the popover opens. */
void
cairn_usage_panel_refresh (CairnUsagePanel *self)
{
  g_return_if_fail (CAIRN_IS_USAGE_PANEL (self));

  show_costs (self);
  show_limits (self);
  g_cancellable_cancel (self->asking);
  g_clear_object (&self->asking);
  clear_list (self->context_list);
  gtk_widget_set_visible (GTK_WIDGET (self->context_list), FALSE);
  if (self->session == NULL)
    return;
  gtk_label_set_label (self->context_label, _("Asking Claude Code…"));
  self->asking = g_cancellable_new ();
  cairn_session_get_context_usage_async (self->session, self->asking, context_cb, g_object_ref (self));
}

void
cairn_usage_panel_set_session (CairnUsagePanel *self,
                               CairnSession    *session)
{
  g_return_if_fail (CAIRN_IS_USAGE_PANEL (self));

  g_cancellable_cancel (self->asking);
  g_set_object (&self->session, session);
}

static GtkWidget *
add_heading (CairnUsagePanel *self,
             const char      *text)
{
  GtkWidget *heading = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_widget_add_css_class (heading, "heading");
  gtk_widget_set_parent (heading, GTK_WIDGET (self));
  return heading;
}

static GtkLabel *
add_label (CairnUsagePanel *self)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_set_parent (label, GTK_WIDGET (self));
  return GTK_LABEL (label);
}

static GtkListBox *
add_list (CairnUsagePanel *self,
          const char      *name)
{
  GtkWidget *list = gtk_list_box_new ();

  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (list), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  gtk_widget_set_visible (list, FALSE);
  gtk_widget_set_parent (list, GTK_WIDGET (self));
  return GTK_LIST_BOX (list);
}

static void
cairn_usage_panel_dispose (GObject *object)
{
  CairnUsagePanel *self = CAIRN_USAGE_PANEL (object);
  GtkWidget *child;

  g_cancellable_cancel (self->asking);
  g_clear_object (&self->asking);
  g_clear_object (&self->session);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (cairn_usage_panel_parent_class)->dispose (object);
}

static void
cairn_usage_panel_class_init (CairnUsagePanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cairn_usage_panel_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
cairn_usage_panel_init (CairnUsagePanel *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));
  GtkWidget *over_time;

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 6);
  gtk_widget_set_size_request (GTK_WIDGET (self), 320, -1);

  add_heading (self, _("Context"));
  self->context_label = add_label (self);
  self->context_list = add_list (self, _("What fills the context"));
  gtk_widget_set_margin_top (add_heading (self, _("Cost")), 12);
  self->cost_label = add_label (self);
  self->model_list = add_list (self, _("Cost per model"));
  gtk_widget_set_margin_top (add_heading (self, _("Plan Usage")), 12);
  self->limits_label = add_label (self);
  self->limits_list = add_list (self, _("Plan usage"));
  over_time = gtk_button_new_with_mnemonic (_("_Usage Over Time…"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (over_time), "win.show-usage");
  gtk_widget_set_margin_top (over_time, 12);
  gtk_widget_set_parent (over_time, GTK_WIDGET (self));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Usage"), -1);
}
