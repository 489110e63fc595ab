import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

// Dates are only shown inside the main frame, so the locale loads with it rather than with the entry chunk
// (docs/web-app.md, "Bundle budget"). Pickers read the global dayjs locale.
dayjs.locale('zh-cn');
