import type { ConversationSlice } from './conversation-slice';
import type { ExpansionSlice } from './expansion-slice';
import type { ImagesSlice } from './images-slice';
import type { LayoutSlice } from './layout-slice';
import type { NoticeSlice } from './notice-slice';
import type { WorkspaceSlice } from './workspace-slice';

/** The whole app state: one store from typed slices (zustand's slices pattern). */
export type AppState = WorkspaceSlice & ExpansionSlice & NoticeSlice & ConversationSlice & LayoutSlice & ImagesSlice;
