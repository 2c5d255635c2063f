// dayjs with the zh-cn locale (antd's date library); imported by the screens that format dates.
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

dayjs.locale('zh-cn');

export { dayjs };
