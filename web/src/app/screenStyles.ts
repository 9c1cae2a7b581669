import './screens.scss';
