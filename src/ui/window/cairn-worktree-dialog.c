/* cairn-worktree-dialog.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-worktree-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "git/cairn-git-worktree.h"
#include "window/cairn-worktree-dialog.h"

/* Asks for a worktree's name, its base and, if the user likes, the first
 * prompt, which names the worktree when no name is given. Create stays
 * off until the name (given or made) is one git takes; the window does
 * the rest (cairn-window-worktree.c). */

struct _CairnWorktreeDialog
{
  AdwMessageDialog  parent_instance;

  char             *main_toplevel;
  AdwEntryRow      *name_row;
  AdwEntryRow      *base_row;
  GtkLabel         *where_label;
  GtkLabel         *dirty_label;
  GtkTextView      *prompt_view;
};

G_DEFINE_FINAL_TYPE (CairnWorktreeDialog, cairn_worktree_dialog, ADW_TYPE_MESSAGE_DIALOG)

char *
cairn_worktree_dialog_dup_prompt (CairnWorktreeDialog *self)
{
  GtkTextBuffer *buffer;
  GtkTextIter start, end;

  g_return_val_if_fail (CAIRN_IS_WORKTREE_DIALOG (self), NULL);

  buffer = gtk_text_view_get_buffer (self->prompt_view);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return g_strstrip (gtk_text_buffer_get_text (buffer, &start, &end, FALSE));
}

/**
 * cairn_worktree_dialog_dup_name:
 *
 * Returns: the name given, or one made from the first prompt
 */
char *
cairn_worktree_dialog_dup_name (CairnWorktreeDialog *self)
{
  g_autofree char *given = NULL;
  g_autofree char *prompt = NULL;

  g_return_val_if_fail (CAIRN_IS_WORKTREE_DIALOG (self), NULL);

  given = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_row))));
  if (*given != '\0')
    return g_steal_pointer (&given);
  prompt = cairn_worktree_dialog_dup_prompt (self);
  return cairn_git_worktree_name_from_text (prompt);
}

char *
cairn_worktree_dialog_dup_base (CairnWorktreeDialog *self)
{
  g_return_val_if_fail (CAIRN_IS_WORKTREE_DIALOG (self), NULL);

  return g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->base_row))));
}

/* Where it will be, or why the name won't do. */
static void
name_changed_cb (CairnWorktreeDialog *self)
{
  g_autofree char *name = cairn_worktree_dialog_dup_name (self);
  g_autoptr(GError) error = NULL;
  gboolean ok = cairn_git_worktree_check_name (name, &error);
  g_autofree char *where = NULL;

  if (ok)
    where = g_strdup_printf (_("Branch worktree-%s in %s/.claude/worktrees/%s"),
                             name, self->main_toplevel, name);
  gtk_label_set_text (self->where_label, ok ? where : *name ? error->message
                                                    : _("Give a name, or a first prompt to name it"));
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (self), "create", ok);
}

static void
cairn_worktree_dialog_finalize (GObject *object)
{
  CairnWorktreeDialog *self = CAIRN_WORKTREE_DIALOG (object);

  g_free (self->main_toplevel);
  G_OBJECT_CLASS (cairn_worktree_dialog_parent_class)->finalize (object);
}

static void
cairn_worktree_dialog_class_init (CairnWorktreeDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = cairn_worktree_dialog_finalize;
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/cairnapp/Cairn/ui/cairn-worktree-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, CairnWorktreeDialog, name_row);
  gtk_widget_class_bind_template_child (widget_class, CairnWorktreeDialog, base_row);
  gtk_widget_class_bind_template_child (widget_class, CairnWorktreeDialog, where_label);
  gtk_widget_class_bind_template_child (widget_class, CairnWorktreeDialog, dirty_label);
  gtk_widget_class_bind_template_child (widget_class, CairnWorktreeDialog, prompt_view);
  gtk_widget_class_bind_template_callback (widget_class, name_changed_cb);
}

static void
cairn_worktree_dialog_init (CairnWorktreeDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect_object (gtk_text_view_get_buffer (self->prompt_view), "changed",
                           G_CALLBACK (name_changed_cb), self, G_CONNECT_SWAPPED);
}

/**
 * cairn_worktree_dialog_new:
 * @main_toplevel: the main checkout, where the worktree goes
 * @base: (nullable): the base offered (the current branch)
 * @dirty: the main checkout holds uncommitted changes, which the worktree
 *   won't have
 */
CairnWorktreeDialog *
cairn_worktree_dialog_new (GtkWindow  *parent,
                           const char *main_toplevel,
                           const char *base,
                           gboolean    dirty)
{
  CairnWorktreeDialog *self = g_object_new (CAIRN_TYPE_WORKTREE_DIALOG, "transient-for", parent, NULL);

  self->main_toplevel = g_strdup (main_toplevel ? main_toplevel : "");
  gtk_editable_set_text (GTK_EDITABLE (self->base_row), base ? base : "");
  gtk_widget_set_visible (GTK_WIDGET (self->dirty_label), dirty);
  name_changed_cb (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->name_row));
  return self;
}
