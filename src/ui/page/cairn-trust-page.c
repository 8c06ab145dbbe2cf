/* cairn-trust-page.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-trust-page"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "page/cairn-trust-page.h"

/* What a folder would run, each thing named with its exact text, and the
 * two answers (docs/trust.md). The folder's text is untrusted: it goes
 * into labels whose markup is off, never into a title that parses it. */
struct _CairnTrustPage
{
  GtkWidget       parent_instance;

  CairnTrustGate *gate;

  GtkLabel       *title_label;
  GtkLabel       *folder_label;
  GtkLabel       *explain_label;
  GtkListBox     *list;
  GtkLabel       *error_label;
  GtkWidget      *cancel_button;
  GtkWidget      *trust_button;
};

G_DEFINE_FINAL_TYPE (CairnTrustPage, cairn_trust_page, GTK_TYPE_WIDGET)

static const char *
kind_label (CairnTrustKind kind)
{
  switch (kind)
    {
    case CAIRN_TRUST_KIND_HOOK: return _("Hook");
    case CAIRN_TRUST_KIND_MCP_SERVER: return _("MCP server");
    case CAIRN_TRUST_KIND_PERMISSION: return _("Permission");
    case CAIRN_TRUST_KIND_ENV: return _("Environment variable");
    case CAIRN_TRUST_KIND_COMMAND: return _("Command");
    case CAIRN_TRUST_KIND_PLUGIN: return _("Plugin");
    case CAIRN_TRUST_KIND_PROBLEM: return _("Could not be checked");
    default: return _("Setting");
    }
}

static GtkWidget *
plain_label (const char *text,
             const char *css_class)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_use_markup (GTK_LABEL (label), FALSE);
  gtk_label_set_text (GTK_LABEL (label), text);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

/* "Hook · SessionStart (Bash) · .claude/settings.json", then the command. */
static GtkWidget *
entry_row (const CairnTrustEntry *entry)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *head = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  g_autofree char *title = g_strdup_printf ("%s · %s · %s", kind_label (entry->kind),
                                            entry->name, entry->source);
  GtkWidget *detail = plain_label (entry->detail, "monospace");
  GtkWidget *row = gtk_list_box_row_new ();

  gtk_widget_set_margin_top (box, 8);
  gtk_widget_set_margin_bottom (box, 8);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  if (entry->is_new)
    gtk_box_append (GTK_BOX (head), plain_label (_("New"), "accent"));
  gtk_box_append (GTK_BOX (head), plain_label (title, "heading"));
  gtk_box_append (GTK_BOX (box), head);
  gtk_label_set_selectable (GTK_LABEL (detail), TRUE);
  gtk_box_append (GTK_BOX (box), detail);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  return row;
}

static void
show_report (CairnTrustPage   *self,
             CairnTrustReport *report)
{
  g_autofree char *name = g_path_get_basename (cairn_trust_report_get_folder (report));
  g_autofree char *title = NULL;
  GtkWidget *child;
  guint n_new = cairn_trust_report_get_n_new (report);

  title = n_new > 0 ? g_strdup_printf (_("“%s” Runs Something New"), name)
                    : g_strdup_printf (_("Trust “%s”?"), name);
  gtk_label_set_text (self->title_label, title);
  gtk_label_set_text (self->folder_label, cairn_trust_report_get_folder (report));
  gtk_label_set_text (self->explain_label,
                      n_new > 0
                      ? _("Since this folder was trusted, its settings added what is marked New. "
                          "Claude Code would run it as soon as it starts here.")
                      : _("Claude Code would run or allow what is listed here as soon as it starts in "
                          "this folder. Trust it only if you trust where the folder came from."));
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  for (guint i = 0; i < cairn_trust_report_get_n_entries (report); i++)
    gtk_list_box_append (self->list, entry_row (cairn_trust_report_get_entry (report, i)));
}

static void
update (CairnTrustPage *self)
{
  CairnTrustReport *report = cairn_trust_gate_get_report (self->gate);
  const char *error = cairn_trust_gate_get_error (self->gate);
  gboolean asking = cairn_trust_gate_get_state (self->gate) == CAIRN_TRUST_GATE_ASKING;

  if (report != NULL)
    show_report (self, report);
  gtk_label_set_text (self->error_label, error != NULL ? error : "");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), error != NULL);
  gtk_widget_set_sensitive (self->trust_button, asking);
  gtk_widget_set_sensitive (self->cancel_button, asking);
}

void
cairn_trust_page_set_gate (CairnTrustPage *self,
                           CairnTrustGate *gate)
{
  g_return_if_fail (CAIRN_IS_TRUST_PAGE (self));
  g_return_if_fail (CAIRN_IS_TRUST_GATE (gate));

  if (self->gate != NULL)
    g_signal_handlers_disconnect_by_data (self->gate, self);
  g_set_object (&self->gate, gate);
  g_signal_connect_object (gate, "notify", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
  update (self);
}

static void
trust_clicked_cb (CairnTrustPage *self)
{
  cairn_trust_gate_trust (self->gate);
}

static void
cancel_clicked_cb (CairnTrustPage *self)
{
  cairn_trust_gate_cancel (self->gate);
}

GtkWidget *
cairn_trust_page_new (void)
{
  return g_object_new (CAIRN_TYPE_TRUST_PAGE, NULL);
}

static void
cairn_trust_page_dispose (GObject *object)
{
  CairnTrustPage *self = CAIRN_TRUST_PAGE (object);
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (self), CAIRN_TYPE_TRUST_PAGE);
  /* the scrolled window has no name, so the template does not drop it */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->gate);
  G_OBJECT_CLASS (cairn_trust_page_parent_class)->dispose (object);
}

static void
cairn_trust_page_class_init (CairnTrustPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cairn_trust_page_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/cairnapp/Cairn/ui/cairn-trust-page.ui");
  gtk_widget_class_bind_template_child (widget_class, CairnTrustPage, title_label);
  gtk_widget_class_bind_template_child (widget_class, CairnTrustPage, folder_label);
  gtk_widget_class_bind_template_child (widget_class, CairnTrustPage, explain_label);
  gtk_widget_class_bind_template_child (widget_class, CairnTrustPage, list);
  gtk_widget_class_bind_template_child (widget_class, CairnTrustPage, error_label);
  gtk_widget_class_bind_template_child (widget_class, CairnTrustPage, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, CairnTrustPage, trust_button);
  gtk_widget_class_bind_template_callback (widget_class, trust_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, cancel_clicked_cb);
}

static void
cairn_trust_page_init (CairnTrustPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
