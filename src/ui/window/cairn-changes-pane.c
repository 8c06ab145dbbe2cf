/* cairn-changes-pane.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-changes-pane"

#include "config.h"

#include <stdlib.h>
#include <glib/gi18n.h>

#include "git/cairn-git.h"
#include "session/cairn-written-changes.h"
#include "transcript/cairn-tool-call-item.h"
#include "window/cairn-changes-pane-private.h"

/* What a conversation changed: for one in its own worktree, every file
 * changed against the worktree's base; for a plain one, the files its
 * Edit, Write, MultiEdit and NotebookEdit calls wrote, as git sees them
 * now. Read off the main loop by git/, again a moment after the transcript
 * changes (a tool's result), while the pane is open. The list is a
 * recycled view, so thousands of files cost a few rows. */

#define REFRESH_DELAY_MS 600

enum { COMMENT, MERGE, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (CairnChangesPane, cairn_changes_pane, GTK_TYPE_WIDGET)

void
_cairn_changes_pane_say (CairnChangesPane *self,
                         const char       *message)
{
  gtk_label_set_text (self->status_label, message ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->status_label), message != NULL && *message != '\0');
}

static const CairnGitFileChange *
find_file (CairnChangesPane *self,
           const char       *path)
{
  for (guint i = 0; self->changes != NULL && i < self->changes->files->len; i++)
    {
      const CairnGitFileChange *file = g_ptr_array_index (self->changes->files, i);
      if (g_str_equal (file->path, path))
        return file;
    }
  return NULL;
}

static char *
counts_text (const CairnGitFileChange *file)
{
  if (file == NULL)
    return g_strdup ("");
  if (file->added < 0)
    return g_strdup (_("binary"));
  /* a Write: what the file held before is unknown */
  if (file->written)
    return g_strdup (_("written"));
  /* U+2212 MINUS SIGN, as GNOME's diff views show it */
  return g_strdup_printf ("+%" G_GINT64_FORMAT " \u2212%" G_GINT64_FORMAT, file->added, file->removed);
}

static void
setup_row_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *list_item)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *path = gtk_label_new (NULL);
  GtkWidget *counts = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (path), 0);
  gtk_label_set_ellipsize (GTK_LABEL (path), PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_set_hexpand (path, TRUE);
  gtk_widget_add_css_class (counts, "numeric");
  gtk_widget_add_css_class (counts, "dim-label");
  gtk_box_append (GTK_BOX (box), path);
  gtk_box_append (GTK_BOX (box), counts);
  gtk_list_item_set_child (list_item, box);
}

static void
bind_row_cb (GtkSignalListItemFactory *factory,
             GtkListItem              *list_item,
             CairnChangesPane         *self)
{
  GtkWidget *box = gtk_list_item_get_child (list_item);
  GtkWidget *path = gtk_widget_get_first_child (box);
  const char *name = gtk_string_object_get_string (gtk_list_item_get_item (list_item));
  const CairnGitFileChange *file = find_file (self, name);
  g_autofree char *counts = counts_text (file);
  g_autofree char *said = g_strdup_printf ("%s, %s", name, counts);

  gtk_label_set_text (GTK_LABEL (path), name);
  gtk_label_set_text (GTK_LABEL (gtk_widget_get_next_sibling (path)), counts);
  gtk_accessible_update_property (GTK_ACCESSIBLE (box), GTK_ACCESSIBLE_PROPERTY_LABEL, said, -1);
}

/* A plain conversation's changes are those of the files it wrote. */
static void
keep_written (CairnChangesPane *self,
              CairnGitChanges  *changes)
{
  GListModel *items = G_LIST_MODEL (cairn_session_get_transcript (self->session));
  g_autoptr(GHashTable) written = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint n = g_list_model_get_n_items (items);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (items, i);
      const char *path = CAIRN_IS_TOOL_CALL_ITEM (item)
        ? cairn_tool_call_item_get_written_path (CAIRN_TOOL_CALL_ITEM (item)) : NULL;
      char *relative = path && g_path_is_absolute (path) ? cairn_written_changes_relative (changes->toplevel, path) : NULL;
      if (relative != NULL)
        g_hash_table_add (written, relative);
    }
  for (guint i = changes->files->len; i > 0; i--)
    if (!g_hash_table_contains (written, ((CairnGitFileChange *)g_ptr_array_index (changes->files, i - 1))->path))
      g_ptr_array_remove_index (changes->files, i - 1);
}

static void
show_base (CairnChangesPane *self)
{
  g_autofree char *base = NULL;

  if (self->changes->worktree && self->changes->base_ahead > 0)
    base = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "against %s, which has moved on by %u commit",
                                         "against %s, which has moved on by %u commits",
                                         self->changes->base_ahead),
                            self->changes->base_name, self->changes->base_ahead);
  else if (self->changes->worktree)
    base = g_strdup_printf (_("against %s"), self->changes->base_name);
  else if (self->changes->base == NULL)
    base = g_strdup (_("files this conversation's tool calls changed, as they said"));
  else
    base = g_strdup (_("files this conversation wrote, against the last commit"));
  gtk_label_set_text (self->base_label, base);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->base_label), base);
  gtk_widget_set_visible (self->merge_button, self->changes->worktree);
}

static void
show_changes (CairnChangesPane *self)
{
  g_autofree char *selected = self->diff_path ? g_strdup (self->diff_path) : NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  guint keep = GTK_INVALID_LIST_POSITION;

  for (guint i = 0; i < self->changes->files->len; i++)
    {
      const CairnGitFileChange *file = g_ptr_array_index (self->changes->files, i);
      if (selected != NULL && g_str_equal (file->path, selected))
        keep = i;
      g_ptr_array_add (names, file->path);
    }
  g_ptr_array_add (names, NULL);
  show_base (self);
  _cairn_changes_pane_say (self, names->len == 1 ? _("No changes yet")
                                 : self->changes->base == NULL ? _(CAIRN_CHANGES_PANE_NO_UNDO) : NULL);
  gtk_string_list_splice (self->paths, 0, g_list_model_get_n_items (G_LIST_MODEL (self->paths)),
                          (const char * const *)names->pdata);
  gtk_single_selection_set_selected (self->selection, keep != GTK_INVALID_LIST_POSITION ? keep : 0);
  _cairn_changes_pane_show_selected (self);
}

static void
read_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(CairnChangesPane) self = user_data;
  g_autoptr(GError) error = NULL;
  CairnGitChanges *changes = cairn_git_changes_read_finish (result, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  g_clear_object (&self->reading);
  /* no repository (or no git): what the tool calls said they changed */
  if (self->session != NULL && (g_error_matches (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_NOT_A_REPOSITORY) ||
                                g_error_matches (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_MISSING)))
    changes = cairn_written_changes_collect (G_LIST_MODEL (cairn_session_get_transcript (self->session)),
                                             cairn_session_get_cwd (self->session));
  if (changes == NULL)
    {
      g_autofree char *gone = g_strdup_printf (_("This conversation's worktree is gone (%s): the "
                                                 "conversation stays in history."),
                                               self->session ? cairn_session_get_cwd (self->session) : "");
      gtk_string_list_splice (self->paths, 0, g_list_model_get_n_items (G_LIST_MODEL (self->paths)), NULL);
      _cairn_changes_pane_clear_diff (self);
      gtk_widget_set_visible (self->merge_button, FALSE);
      _cairn_changes_pane_say (self, g_error_matches (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_GONE)
                                     ? gone : error->message);
      return;
    }
  if (!changes->worktree && changes->base != NULL && self->session != NULL)
    keep_written (self, changes);
  g_clear_pointer (&self->changes, cairn_git_changes_free);
  self->changes = changes;
  show_changes (self);
}

/**
 * cairn_changes_pane_refresh:
 *
 * Reads the changes again now (a read under way is dropped).
 */
void
cairn_changes_pane_refresh (CairnChangesPane *self)
{
  g_return_if_fail (CAIRN_IS_CHANGES_PANE (self));

  g_clear_handle_id (&self->refresh_source, g_source_remove);
  g_cancellable_cancel (self->reading);
  g_clear_object (&self->reading);
  if (self->session == NULL)
    return;
  self->reading = g_cancellable_new ();
  cairn_git_changes_read_async (cairn_session_get_cwd (self->session), self->reading, read_cb,
                                g_object_ref (self));
}

static gboolean
refresh_cb (gpointer data)
{
  CairnChangesPane *self = data;

  self->refresh_source = 0;
  cairn_changes_pane_refresh (self);
  return G_SOURCE_REMOVE;
}

/* Tool results come as the transcript changes: one read a moment after
 * the last, while the pane is open. */
static void
transcript_changed_cb (CairnChangesPane *self)
{
  if (!self->active)
    return;
  g_clear_handle_id (&self->refresh_source, g_source_remove);
  self->refresh_source = g_timeout_add (REFRESH_DELAY_MS, refresh_cb, self);
}

void
cairn_changes_pane_set_session (CairnChangesPane *self,
                                CairnSession     *session)
{
  g_return_if_fail (CAIRN_IS_CHANGES_PANE (self));

  if (self->session == session)
    return;
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (cairn_session_get_transcript (self->session), self);
  g_set_object (&self->session, session);
  g_clear_pointer (&self->changes, cairn_git_changes_free);
  g_clear_pointer (&self->diff_path, g_free);
  gtk_string_list_splice (self->paths, 0, g_list_model_get_n_items (G_LIST_MODEL (self->paths)), NULL);
  _cairn_changes_pane_clear_diff (self);
  gtk_label_set_text (self->base_label, "");
  gtk_widget_set_visible (self->merge_button, FALSE);
  if (session != NULL)
    g_signal_connect_swapped (cairn_session_get_transcript (session), "items-changed",
                              G_CALLBACK (transcript_changed_cb), self);
  if (self->active)
    cairn_changes_pane_refresh (self);
}

/**
 * cairn_changes_pane_set_active:
 *
 * The pane reads only while it is shown.
 */
void
cairn_changes_pane_set_active (CairnChangesPane *self,
                               gboolean          active)
{
  g_return_if_fail (CAIRN_IS_CHANGES_PANE (self));

  self->active = active;
  if (!active)
    return;
  _cairn_changes_pane_highlight_diff (self);
  cairn_changes_pane_refresh (self);
}

const CairnGitChanges *
cairn_changes_pane_get_changes (CairnChangesPane *self)
{
  g_return_val_if_fail (CAIRN_IS_CHANGES_PANE (self), NULL);
  return self->changes;
}

gboolean
cairn_changes_pane_select_path (CairnChangesPane *self,
                                const char       *path)
{
  g_return_val_if_fail (CAIRN_IS_CHANGES_PANE (self), FALSE);

  for (guint i = 0; self->changes != NULL && i < self->changes->files->len; i++)
    if (g_str_equal (((CairnGitFileChange *)g_ptr_array_index (self->changes->files, i))->path, path))
      {
        gtk_single_selection_set_selected (self->selection, i);
        return TRUE;
      }
  return FALSE;
}

static void
selected_cb (CairnChangesPane *self)
{
  _cairn_changes_pane_show_selected (self);
}

static gboolean
apply_split_cb (gpointer data)
{
  CairnChangesPane *self = data;

  self->split_source = 0;
  _cairn_changes_pane_set_split (self, gtk_widget_get_width (GTK_WIDGET (self)) >= CAIRN_CHANGES_PANE_SPLIT_WIDTH);
  return G_SOURCE_REMOVE;
}

/* The probe's width is the pane's: side by side from SPLIT_WIDTH on
 * (GTK 4.8 has no breakpoints). The switch waits for the allocation to end. */
static void
width_changed_cb (CairnChangesPane *self,
                  int               width,
                  int               height)
{
  if ((width >= CAIRN_CHANGES_PANE_SPLIT_WIDTH) != self->split && self->split_source == 0)
    self->split_source = g_idle_add (apply_split_cb, self);
}

static void
refresh_clicked_cb (CairnChangesPane *self)
{
  cairn_changes_pane_refresh (self);
}

static void
merge_clicked_cb (CairnChangesPane *self)
{
  g_signal_emit (self, signals[MERGE], 0);
}

static void
cairn_changes_pane_dispose (GObject *object)
{
  CairnChangesPane *self = CAIRN_CHANGES_PANE (object);

  cairn_changes_pane_set_session (self, NULL);
  g_clear_handle_id (&self->refresh_source, g_source_remove);
  g_clear_handle_id (&self->split_source, g_source_remove);
  g_cancellable_cancel (self->reading);
  g_clear_object (&self->reading);
  g_cancellable_cancel (self->diffing);
  g_clear_object (&self->diffing);
  gtk_widget_dispose_template (GTK_WIDGET (self), CAIRN_TYPE_CHANGES_PANE);
  /* the template's unnamed children too */
  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL; )
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (cairn_changes_pane_parent_class)->dispose (object);
}

static void
cairn_changes_pane_finalize (GObject *object)
{
  CairnChangesPane *self = CAIRN_CHANGES_PANE (object);

  g_clear_pointer (&self->changes, cairn_git_changes_free);
  g_clear_pointer (&self->hunks, g_array_unref);
  g_clear_pointer (&self->split_rows, g_array_unref);
  g_free (self->diff);
  g_free (self->diff_path);
  G_OBJECT_CLASS (cairn_changes_pane_parent_class)->finalize (object);
}

static void
cairn_changes_pane_class_init (CairnChangesPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cairn_changes_pane_dispose;
  object_class->finalize = cairn_changes_pane_finalize;
  /**
   * CairnChangesPane::comment:
   * @text: "`path:line` — note", for the composer
   */
  signals[COMMENT] = g_signal_new ("comment", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[MERGE] = g_signal_new ("merge", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  g_type_ensure (GTK_SOURCE_TYPE_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/cairnapp/Cairn/ui/cairn-changes-pane.ui");
  gtk_widget_class_bind_template_child (widget_class, CairnChangesPane, base_label);
  gtk_widget_class_bind_template_child (widget_class, CairnChangesPane, status_label);
  gtk_widget_class_bind_template_child (widget_class, CairnChangesPane, merge_button);
  gtk_widget_class_bind_template_child (widget_class, CairnChangesPane, file_list);
  gtk_widget_class_bind_template_child (widget_class, CairnChangesPane, selection);
  gtk_widget_class_bind_template_child (widget_class, CairnChangesPane, paths);
  gtk_widget_class_bind_template_child (widget_class, CairnChangesPane, file_label);
  gtk_widget_class_bind_template_child (widget_class, CairnChangesPane, open_button);
  gtk_widget_class_bind_template_child (widget_class, CairnChangesPane, diff_view);
  gtk_widget_class_bind_template_callback (widget_class, selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, refresh_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, width_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, merge_clicked_cb);
  _cairn_changes_pane_class_init_diff (widget_class);
}

static void
cairn_changes_pane_init (CairnChangesPane *self)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect (factory, "setup", G_CALLBACK (setup_row_cb), NULL);
  g_signal_connect_object (factory, "bind", G_CALLBACK (bind_row_cb), self, 0);
  gtk_list_view_set_factory (self->file_list, factory);
  g_object_unref (factory);
  _cairn_changes_pane_init_diff (self);
}
