/* cairn-changes-pane-private.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtksourceview/gtksource.h>

#include "window/cairn-changes-pane.h"

G_BEGIN_DECLS

/* The pane is in two files:
 *   cairn-changes-pane.c       the session followed, the file list read and
 *                              refreshed as the conversation writes
 *   cairn-changes-pane-diff.c  one file's diff, the hunk the cursor is in
 *                              undone or commented, the file opened */

/* Said outside git, where Undo has nothing to go back to. */
#define CAIRN_CHANGES_PANE_NO_UNDO N_("Not a git repository: Undo needs an earlier version to put back, and there is none")

/* A hunk's lines in the diff shown: its "@@" line and the line after it. */
typedef struct
{
  guint first;
  guint end;
} CairnHunkSpan;

struct _CairnChangesPane
{
  GtkWidget         parent_instance;

  CairnSession     *session;
  CairnGitChanges  *changes;
  GCancellable     *reading;
  guint             refresh_source;
  gboolean          active;
  /* the views have diff's highlighting (from the first time shown) */
  gboolean          highlighted;
  /* the diff shown, as read, and which file of changes it is */
  char             *diff;
  char             *diff_path;
  GCancellable     *diffing;

  GtkLabel         *base_label;
  GtkLabel         *status_label;
  GtkWidget        *merge_button;
  GtkListView      *file_list;
  GtkSingleSelection *selection;
  GtkStringList    *paths;
  GtkLabel         *file_label;
  GtkWidget        *open_button;
  GtkSourceView    *diff_view;
  /* side by side when the pane is wide: the rows each diff line is on */
  GtkStack         *diff_stack;
  GtkSourceView    *old_view;
  GtkSourceView    *new_view;
  GtkScrolledWindow *old_scroller;
  GtkScrolledWindow *new_scroller;
  GArray           *split_rows;
  gboolean          split;
  guint             split_source;
  GtkWidget        *hunk_bar;
  GtkLabel         *hunk_label;
  GtkWidget        *undo_button;
  GtkMenuButton    *comment_button;
  GtkEditable      *comment_entry;
  GtkTextTag       *hunk_tag;
  /* the hunks of the diff shown, and the one the cursor is in */
  GArray           *hunks;   /* of CairnHunkSpan */
  guint             hunk;
};

void _cairn_changes_pane_say            (CairnChangesPane *self,
                                         const char       *message);
void _cairn_changes_pane_show_selected  (CairnChangesPane *self);
void _cairn_changes_pane_clear_diff     (CairnChangesPane *self);
void _cairn_changes_pane_class_init_diff (GtkWidgetClass  *widget_class);
void _cairn_changes_pane_init_diff      (CairnChangesPane *self);
void _cairn_changes_pane_highlight_diff (CairnChangesPane *self);
void _cairn_changes_pane_set_split      (CairnChangesPane *self,
                                         gboolean          split);

/* From this width on, the diff is shown side by side. */
#define CAIRN_CHANGES_PANE_SPLIT_WIDTH 840

G_END_DECLS
